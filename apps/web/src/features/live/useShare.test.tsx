import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale, WechatShareConfig } from '@petheart/contracts';
import { LanguageProvider, createI18n } from '../../shared/i18n';
import en from '../../locales/en/live.json';
import ja from '../../locales/ja/live.json';
import zhCN from '../../locales/zh-CN/live.json';
import zhTW from '../../locales/zh-TW/live.json';
import { useShare, type RoomShare } from './useShare';
import type { WechatJsSdk } from './wechat-sdk';

const ROOM: RoomShare = {
  title: 'Bund Corner · Feeder B',
  text: 'Watch Bund Corner live and feed the animals there from your phone.',
  image: '/uploads/thumbs/PH-0002/1.jpg',
  path: '/pages/live/live?device_id=PH-0002',
};
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49';
const link = (locale: Locale) => `${window.location.origin}/pages/live/live?device_id=PH-0002&lang=${locale}`;

function Share({ wechatShare }: { wechatShare: (url: string) => Promise<WechatShareConfig> }) {
  const { share, guide } = useShare({ wechatShare }, ROOM);
  return (
    <>
      <button type="button" onClick={() => void share(ROOM.path)}>
        Share
      </button>
      {guide && <p>guide</p>}
    </>
  );
}

function renderShare(locale: Locale, wechatShare = vi.fn((_url: string) => Promise.resolve<WechatShareConfig>(null))) {
  localStorage.setItem('language', locale);
  render(
    <LanguageProvider i18n={createI18n(locale, { live: { en, ja, 'zh-CN': zhCN, 'zh-TW': zhTW } })}>
      <Share wechatShare={wechatShare} />
    </LanguageProvider>,
  );
  return wechatShare;
}

const define = (target: object, key: string, value: unknown) => {
  Object.defineProperty(target, key, { configurable: true, value });
};

describe('Share in the live room', () => {
  afterEach(() => {
    cleanup();
    for (const key of ['share', 'clipboard', 'userAgent']) Reflect.deleteProperty(navigator, key);
    Reflect.deleteProperty(window, 'isSecureContext');
    Reflect.deleteProperty(window, 'wx');
    localStorage.removeItem('language');
  });

  it('opens the system share sheet with the room’s words and its link in the sharer’s language', async () => {
    const share = vi.fn((_data: ShareData) => Promise.resolve());
    define(navigator, 'share', share);
    const wechat = renderShare('ja');
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => {
      expect(share).toHaveBeenCalledWith({ title: ROOM.title, text: ROOM.text, url: link('ja') });
    });
    // Outside WeChat the API is never asked for a signature.
    expect(wechat).not.toHaveBeenCalled();
  });

  it('copies the link and says so in a toast where there is no share sheet', async () => {
    const writeText = vi.fn((_text: string) => Promise.resolve());
    define(navigator, 'clipboard', { writeText });
    define(window, 'isSecureContext', true);
    renderShare('zh-CN');
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(link('zh-CN'));
    expect(await screen.findByText('链接已复制')).toBeInTheDocument();
  });

  it('inside WeChat: sets the card its menu sends (when the API signs the page) and points at the menu', async () => {
    define(navigator, 'userAgent', WECHAT_UA);
    const config = vi.fn();
    const updateAppMessageShareData = vi.fn();
    const wx: WechatJsSdk = {
      config,
      ready: (fn) => {
        queueMicrotask(fn);
      },
      error: vi.fn(),
      updateAppMessageShareData,
      updateTimelineShareData: vi.fn(),
    };
    define(window, 'wx', wx);
    const signed = { app_id: 'wx0123', timestamp: 1_700_000_000, nonce_str: 'n0nce', signature: 'f00d' };
    const wechat = renderShare(
      'zh-TW',
      vi.fn((_url: string) => Promise.resolve<WechatShareConfig>(signed)),
    );
    await waitFor(() => {
      expect(updateAppMessageShareData).toHaveBeenCalledWith({
        title: ROOM.title,
        desc: ROOM.text,
        link: link('zh-TW'),
        imgUrl: `${window.location.origin}${ROOM.image}`,
      });
    });
    expect(wechat).toHaveBeenCalledWith(window.location.href.split('#')[0]);
    expect(config).toHaveBeenCalledWith(expect.objectContaining({ appId: 'wx0123', signature: 'f00d' }));
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByText('guide')).toBeInTheDocument();
  });

  it('inside WeChat without WeChat sharing configured: no script, just the menu hint', async () => {
    define(navigator, 'userAgent', WECHAT_UA);
    const wechat = renderShare('en');
    await waitFor(() => {
      expect(wechat).toHaveBeenCalledTimes(1);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByText('guide')).toBeInTheDocument();
    expect(document.querySelector('script[src*="res.wx.qq.com"]')).toBeNull();
  });
});
