import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { contentEndpoints, parseContentBody, type Page } from '@petheart/contracts';
import { renderApp, stubApi } from '../../test-support/app';

const SLOW = { timeout: 5000 };

const page = (over: Partial<Page>): Page => ({
  key: 'about',
  kind: 'custom',
  title: 'About PetHeart',
  body: parseContentBody('We feed **stray animals** through live cameras.'),
  url: '',
  cover: '',
  lang: 'en',
  ...over,
});

function stubPage(p: Page | null) {
  return stubApi(({ endpoint }) => (endpoint === contentEndpoints.page ? p : undefined));
}

describe('custom and single pages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('custom: the page by key, its title in the bar and its text', async () => {
    const calls = stubPage(page({}));
    renderApp('/pages/public/custom?key=about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About PetHeart' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('stray animals').tagName).toBe('STRONG');
    expect(calls.find((c) => c.endpoint === contentEndpoints.page)?.body).toEqual({ key: 'about' });
  });

  it('onePage: "no introduction yet" when the key has no page, under the route title', async () => {
    stubPage(null);
    renderApp('/pages/public/onePage?key=missing');
    expect(await screen.findByText('no introduction yet', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Information' })).toBeInTheDocument();
  });

  it('onePage: "no introduction yet" in Japanese when the page has no text', async () => {
    stubPage(page({ kind: 'onePage', title: '運営について', body: [], lang: 'ja' }));
    renderApp('/pages/public/onePage?key=about', { locale: 'ja' });
    expect(await screen.findByRole('heading', { level: 1, name: '運営について' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('まだ紹介がありません')).toBeInTheDocument();
  });

  it('custom: a key the contract would refuse is not sent', async () => {
    const calls = stubPage(page({}));
    renderApp('/pages/public/custom?key=../../etc');
    expect(await screen.findByText('no introduction yet', {}, SLOW)).toBeInTheDocument();
    expect(calls.some((c) => c.endpoint === contentEndpoints.page)).toBe(false);
  });
});

describe('web page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('frames the https address an editor chose, with a link to open it in the browser', async () => {
    stubPage(page({ key: 'partner', kind: 'web', title: 'Our partner', url: 'https://example.org/rescue', body: [] }));
    renderApp('/pages/public/web?key=partner');
    const frame = await screen.findByTitle('Our partner', {}, SLOW);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://example.org/rescue');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(screen.getByRole('link', { name: 'Open in browser' })).toHaveAttribute('href', 'https://example.org/rescue');
  });

  it('does not frame an http address: the link alone', async () => {
    stubPage(page({ key: 'old', kind: 'web', title: 'Old site', url: 'http://example.org/', body: [] }));
    renderApp('/pages/public/web?key=old');
    expect(await screen.findByRole('link', { name: 'Open in browser' }, SLOW)).toHaveAttribute(
      'href',
      'http://example.org/',
    );
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('?url=: never framed; an https address behind a leaving notice, anything else not at all', async () => {
    stubApi();
    renderApp('/pages/public/web?url=https%3A%2F%2Fexample.com%2Fx');
    expect(await screen.findByText(/leads to a website outside PetHeart/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', 'https://example.com/x');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('?url=javascript: shows "no introduction yet"', async () => {
    stubApi();
    renderApp('/pages/public/web?url=javascript%3Aalert(1)');
    expect(await screen.findByText('no introduction yet', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('public video page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('plays the video with its poster, title and introduction', async () => {
    stubPage(
      page({
        key: 'intro',
        kind: 'video',
        title: 'A day at the Bund station',
        url: '/uploads/day.mp4',
        cover: '/uploads/day.jpg',
        body: parseContentBody('Filmed by our volunteers.'),
      }),
    );
    renderApp('/pages/public/video?key=intro');
    const video = await screen.findByTestId('public-video', {}, SLOW);
    expect(video).toHaveAttribute('src', '/uploads/day.mp4');
    expect(video).toHaveAttribute('poster', '/uploads/day.jpg');
    expect(screen.getByRole('heading', { level: 2, name: 'A day at the Bund station' })).toBeInTheDocument();
    expect(screen.getByText('Filmed by our volunteers.')).toBeInTheDocument();
  });

  it('shows "no introduction yet" in Simplified Chinese when there is no such video', async () => {
    stubPage(null);
    renderApp('/pages/public/video?key=none', { locale: 'zh-CN' });
    expect(await screen.findByText('暂无介绍', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '视频' })).toBeInTheDocument();
  });
});
