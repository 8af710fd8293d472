import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@petheart/contracts';
import { LanguageProvider, createI18n } from '../../shared/i18n';
import en from '../../locales/en/live.json';
import ja from '../../locales/ja/live.json';
import zhCN from '../../locales/zh-CN/live.json';
import zhTW from '../../locales/zh-TW/live.json';
import { VideoStage } from './components/VideoStage';
import type { PlayerView } from './useLivePlayer';
import { usePictureInPicture } from './usePictureInPicture';

const PLAYING: PlayerView = {
  status: 'playing',
  lost: false,
  masked: false,
  loading: false,
  needsTap: false,
  muted: true,
};

function Stage({ view }: { view: PlayerView }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const pip = usePictureInPicture(videoRef);
  return (
    <VideoStage
      videoRef={videoRef}
      view={view}
      reconnecting={false}
      onToggleMute={vi.fn()}
      onTapToPlay={vi.fn()}
      pip={pip}
    />
  );
}

const renderStage = (view: PlayerView = PLAYING, locale: Locale = 'en') => {
  localStorage.setItem('language', locale);
  return render(
    <LanguageProvider i18n={createI18n(locale, { live: { en, ja, 'zh-CN': zhCN, 'zh-TW': zhTW } })}>
      <Stage view={view} />
    </LanguageProvider>,
  );
};

/** A browser with the standard API, as Chrome: the element in picture-in-picture is the document's. */
function enablePictureInPicture() {
  let current: Element | null = null;
  Object.defineProperty(document, 'pictureInPictureEnabled', { configurable: true, value: true });
  Object.defineProperty(document, 'pictureInPictureElement', { configurable: true, get: () => current });
  const exit = vi.fn(() => {
    const video = current;
    current = null;
    video?.dispatchEvent(new Event('leavepictureinpicture'));
    return Promise.resolve();
  });
  Object.defineProperty(document, 'exitPictureInPicture', { configurable: true, value: exit });
  const enter = (video: HTMLVideoElement) => {
    current = video;
    video.dispatchEvent(new Event('enterpictureinpicture'));
    return Promise.resolve({});
  };
  const request = vi.fn(function (this: HTMLVideoElement) {
    return enter(this);
  });
  Object.defineProperty(HTMLVideoElement.prototype, 'requestPictureInPicture', { configurable: true, value: request });
  return { request, exit };
}

describe('picture-in-picture on the live page', () => {
  beforeEach(() => {
    localStorage.setItem('language', 'en');
  });
  afterEach(() => {
    cleanup();
    for (const key of ['pictureInPictureEnabled', 'pictureInPictureElement', 'exitPictureInPicture'])
      Reflect.deleteProperty(document, key);
    Reflect.deleteProperty(HTMLVideoElement.prototype, 'requestPictureInPicture');
    localStorage.removeItem('language');
  });

  it('shows no button where the browser has no picture-in-picture (the video keeps it disabled)', async () => {
    renderStage();
    await screen.findByTestId('live-video');
    expect(screen.queryByTestId('pip-button')).toBeNull();
    expect(screen.getByTestId('live-video')).toHaveAttribute('disablepictureinpicture');
  });

  it('toggles the video into picture-in-picture and back, and says which', async () => {
    const { request, exit } = enablePictureInPicture();
    renderStage();
    const button = await screen.findByRole('button', { name: 'Picture in picture' });
    expect(screen.getByTestId('live-video')).not.toHaveAttribute('disablepictureinpicture');
    await userEvent.click(button);
    expect(request).toHaveBeenCalledTimes(1);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Back into the page' })).toHaveAttribute('aria-pressed', 'true');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Back into the page' }));
    expect(exit).toHaveBeenCalledTimes(1);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Picture in picture' })).toHaveAttribute('aria-pressed', 'false');
    });
  });

  it('closes the small window when the page goes away', async () => {
    const { exit } = enablePictureInPicture();
    const { unmount } = renderStage();
    await userEvent.click(await screen.findByRole('button', { name: 'Picture in picture' }));
    await screen.findByRole('button', { name: 'Back into the page' });
    unmount();
    expect(exit).toHaveBeenCalledTimes(1);
    expect(document.pictureInPictureElement).toBeNull();
  });

  it('hides the button until the video plays, and names it in the page’s language', async () => {
    enablePictureInPicture();
    const { unmount } = renderStage({ ...PLAYING, status: 'starting' });
    await screen.findByTestId('live-video');
    expect(screen.queryByTestId('pip-button')).toBeNull();
    unmount();
    renderStage(PLAYING, 'zh-CN');
    expect(await screen.findByRole('button', { name: '画中画' })).toBeInTheDocument();
  });
});
