import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { feedStatsEndpoints, type PublicCertificate } from '@petheart/contracts';
import { renderApp, stubApi } from '../../test-support/app';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const SHARED: PublicCertificate = { nickname: 'Mia', days_joined: 12, animals_helped: 7, grams: 1500 };

describe('a shared certificate (/pages/public/certificate)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.removeItem('token');
  });

  it('shows anyone, signed out, the card by the link’s id: no number, and an invitation to watch and feed', async () => {
    const calls = stubApi((call) =>
      call.endpoint === feedStatsEndpoints.publicCertificate && call.body.id === ID ? SHARED : undefined,
    );
    const router = renderApp(`/pages/public/certificate?id=${ID}&lang=ja`);
    const card = await screen.findByTestId('certificate', {}, { timeout: 5000 });
    expect(within(card).getByTestId('certificate-name')).toHaveTextContent('Mia');
    expect(within(card).getByTestId('certificate-stat-0')).toHaveTextContent('12Days with us');
    expect(within(card).getByTestId('certificate-stat-2')).toHaveTextContent('1.5kgFood provided');
    expect(card).not.toHaveTextContent('No.');
    expect(calls.some((c) => c.endpoint === feedStatsEndpoints.certificate)).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Watch live and feed' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/index/index');
    });
  });

  it('says so for a link that names no one, or is no link id (in the reader’s language)', async () => {
    stubApi(() => undefined);
    renderApp(`/pages/public/certificate?id=${ID}`, { locale: 'zh-CN' });
    expect(await screen.findByText('这个证书链接无效', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('asks nothing for a malformed id', async () => {
    const calls = stubApi(() => SHARED);
    renderApp('/pages/public/certificate?id=short');
    expect(await screen.findByText('This certificate link is not valid', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.some((c) => c.endpoint === feedStatsEndpoints.publicCertificate)).toBe(false);
  });
});
