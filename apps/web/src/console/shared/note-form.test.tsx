import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd-mobile';
import { requiredText } from '@petheart/contracts';
import { LanguageProvider, createI18n } from '../../shared/i18n';
import { NoteForm } from './note-form';

function renderForm(send: (note: string) => Promise<string>, onSent: (r: string) => void) {
  return render(
    <LanguageProvider i18n={createI18n('en')}>
      <NoteForm
        name="Reject the post"
        intro={<h3>Reject the post</h3>}
        schema={requiredText('v.rejectRemark', 20)}
        field={{ id: 'f-remark', label: 'Reason', hint: 'The author sees it', maxLength: 20, maxRows: 5 }}
        submitLabel="Reject"
        color="danger"
        send={send}
        onSent={onSent}
      >
        <Button>Close</Button>
      </NoteForm>
    </LanguageProvider>,
  );
}

describe('console note form', () => {
  afterEach(cleanup);

  it('asks for the note (its message), then sends it trimmed and hands on the result', async () => {
    const send = vi.fn((note: string) => Promise.resolve(`sent ${note}`));
    const onSent = vi.fn();
    renderForm(send, onSent);
    const form = await screen.findByRole('form', { name: 'Reject the post' });
    expect(screen.getByRole('heading', { name: 'Reject the post' })).toBeTruthy();
    expect(screen.getByText('The author sees it')).toBeTruthy();
    // The given buttons stand before the submit button.
    expect(Array.from(form.querySelectorAll('button')).map((b) => b.textContent)).toEqual(['Close', 'Reject']);

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe('');
    expect(alert.textContent.startsWith('v.')).toBe(false);
    expect(send).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  spam  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(onSent).toHaveBeenCalledWith('sent spam');
    });
    expect(send).toHaveBeenCalledWith('spam');
  });

  it('stays when sending fails (the API client has shown why)', async () => {
    const onSent = vi.fn();
    const send = vi.fn(() => Promise.reject(new Error('refused')));
    renderForm(send, onSent);
    fireEvent.change(await screen.findByLabelText('Reason'), { target: { value: 'spam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(send).toHaveBeenCalledTimes(1);
    });
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByRole('form', { name: 'Reject the post' })).toBeTruthy();
  });
});
