import { screen } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { describe, expect, it } from 'vitest';

// The web tests share one document (vitest.config.ts): what antd-mobile renders into the body outside
// testing-library's roots must not outlive the test that opened it (vitest.setup.ts).
describe('between two web tests', () => {
  it('a test leaves a confirm dialog and a toast open', async () => {
    void Dialog.confirm({ title: 'Left open', content: 'Still here?' });
    Toast.show({ content: 'A toast left open', duration: 0 });
    expect(await screen.findByRole('dialog')).toHaveTextContent('Still here?');
    expect(await screen.findByText('A toast left open')).toBeInTheDocument();
  });

  it('the next test starts with neither', () => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('A toast left open')).toBeNull();
    expect(document.querySelectorAll('.adm-dialog, .adm-toast-mask')).toHaveLength(0);
  });

  it('a later test’s toast shows (antd-mobile does not update the one removed)', async () => {
    Toast.show({ content: 'A new toast', duration: 0 });
    expect(await screen.findByText('A new toast')).toBeInTheDocument();
    void Dialog.confirm({ content: 'A new dialog' });
    expect(await screen.findByRole('dialog')).toHaveTextContent('A new dialog');
  });
});

describe('a request outside any test’s fetch stub', () => {
  it('never answers, so no failure toast reaches a later test', async () => {
    const outcome = await Promise.race([
      fetch('/api/user/index').then(
        () => 'answered',
        () => 'failed',
      ),
      // No event says "never": 100 ms is far longer than a refused connection or a bad URL takes to fail.
      new Promise((resolve) =>
        setTimeout(() => {
          resolve('still waiting');
        }, 100),
      ),
    ]);
    expect(outcome).toBe('still waiting');
  });
});
