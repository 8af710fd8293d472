import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedCertificate, UserInfo } from '@petheart/contracts';
import { feedStatsEndpoints, userEndpoints } from '@petheart/contracts';
import { renderApp, stubApi, type ApiCall } from '../../test-support/app';
import type * as DrawModule from './draw';
import { certificatePng } from './draw';

// jsdom has no canvas: the drawing itself is tested in draw.test.ts.
vi.mock('./draw', async (original) => ({
  ...(await original<typeof DrawModule>()),
  certificatePng: vi.fn(() => Promise.resolve(new Blob(['png'], { type: 'image/png' }))),
}));

const user: UserInfo = {
  id: 42,
  nickname: 'Mia',
  email: 'mia@example.com',
  mobile: null,
  avatar: '',
  login_days: 3,
  balance: 10,
  roles: ['user'],
  created_at: 1,
};
const certificate = (over: Partial<FeedCertificate> = {}): FeedCertificate => ({
  nickname: 'Mia',
  avatar: '',
  joined_at: 1,
  days_joined: 12,
  animals_helped: 7,
  grams: 1500,
  feeds: 9,
  bases: 2,
  first_fed_at: 2,
  ...over,
});

const LINK_ID = 'AbCdEfGhIjKlMnOpQrStUv';

function stub(c: FeedCertificate) {
  return stubApi((call: ApiCall) => {
    if (call.endpoint === userEndpoints.index) return { userinfo: user };
    if (call.endpoint === feedStatsEndpoints.certificate) return c;
    if (call.endpoint === feedStatsEndpoints.certificateLink) return { id: LINK_ID };
    return undefined;
  });
}

describe('CertificatePage', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:certificate', revokeObjectURL: vi.fn() }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(certificatePng).mockClear();
    Reflect.deleteProperty(navigator, 'share');
    Reflect.deleteProperty(navigator, 'canShare');
  });

  it('shows days joined, animals helped and grams provided, and saves the drawn image', async () => {
    stub(certificate());
    renderApp('/pages/certificate/certificate', { token: 'tok' });
    // The first render loads the page's chunk and strings.
    const card = await screen.findByTestId('certificate', {}, { timeout: 5000 });
    expect(within(card).getByRole('heading', { name: 'Certificate of Love' })).toBeInTheDocument();
    expect(within(card).getByTestId('certificate-name')).toHaveTextContent('Mia');
    expect(within(card).getByTestId('certificate-stat-0')).toHaveTextContent('12Days with us');
    expect(within(card).getByTestId('certificate-stat-1')).toHaveTextContent('7Animals helped');
    expect(within(card).getByTestId('certificate-stat-2')).toHaveTextContent('1.5kgFood provided');
    await waitFor(() => {
      expect(card).toHaveTextContent('No. PH-000042');
    });
    const save = await screen.findByRole('link', { name: 'Save image' });
    expect(save).toHaveAttribute('href', 'blob:certificate');
    expect(save).toHaveAttribute('download', 'petheart-certificate.png');
    // The image says what the card says.
    const drawn = vi.mocked(certificatePng).mock.lastCall?.[0];
    expect(drawn?.stats.map((s) => s.value)).toEqual(['12', '7', '1.5kg']);
    expect(drawn?.nickname).toBe('Mia');
  });

  it('shares the image itself where the browser can share files', async () => {
    const share = vi.fn((_data: ShareData) => Promise.resolve());
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    stub(certificate());
    renderApp('/pages/certificate/certificate', { token: 'tok' });
    await screen.findByRole('link', { name: 'Save image' });
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => {
      expect(share).toHaveBeenCalledTimes(1);
    });
    const data = share.mock.calls[0]?.[0];
    expect(data?.files?.[0]?.name).toBe('petheart-certificate.png');
    expect(data?.text).toBe('I have provided 1.5kg of food to stray animals with PetHeart!');
    // With the certificate's public link, in the sharer's language (issue 29 §4).
    expect(data?.url).toBe(`${window.location.origin}/pages/public/certificate?id=${LINK_ID}&lang=en`);
  });

  it('shares the public link through the system share sheet where files cannot be shared', async () => {
    const share = vi.fn((_data: ShareData) => Promise.resolve());
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    stub(certificate());
    renderApp('/pages/certificate/certificate', { locale: 'zh-TW', token: 'tok' });
    await screen.findByRole('link', { name: '儲存圖片' });
    await userEvent.click(screen.getByRole('button', { name: '分享' }));
    await waitFor(() => {
      expect(share).toHaveBeenCalledTimes(1);
    });
    const data = share.mock.calls[0]?.[0];
    expect(data?.files).toBeUndefined();
    expect(data?.url).toBe(`${window.location.origin}/pages/public/certificate?id=${LINK_ID}&lang=zh-TW`);
  });

  it('else shows the link to share (in Japanese), and invites a newcomer to feed', async () => {
    stub(certificate({ days_joined: 1, animals_helped: 0, grams: 0, feeds: 0, bases: 0, first_fed_at: null }));
    renderApp('/pages/certificate/certificate', { locale: 'ja', token: 'tok' });
    const card = await screen.findByTestId('certificate');
    expect(within(card).getByTestId('certificate-stat-2')).toHaveTextContent('0g届けたごはん');
    expect(card).toHaveTextContent('最初のごはんをあげると');
    expect(screen.getByRole('button', { name: 'ライブを見てごはんをあげる' })).toBeInTheDocument();
    await screen.findByRole('link', { name: '画像を保存' });
    await userEvent.click(screen.getByRole('button', { name: 'シェア' }));
    expect(await screen.findByText('このリンクをコピーしてシェアしてください')).toBeInTheDocument();
    expect(
      screen.getByText(`${window.location.origin}/pages/public/certificate?id=${LINK_ID}&lang=ja`),
    ).toBeInTheDocument();
  });
});
