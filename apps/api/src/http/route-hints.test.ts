import { describe, expect, it } from 'vitest';
import { RouteHintsSchema, type RouteHint, type RouteHints } from '@petheart/contracts';
import { hintTags, pathOfUrl, pictureTags, routeHintOf, withHints } from './route-hints';

const strings = (locale: string) => [`/assets/i18n-${locale}-messages-a1.js`];
const hint = (name: string): RouteHint => ({
  js: [`/assets/${name}-a1.js`],
  css: [`/assets/${name}-b2.css`],
  strings: { en: strings('en'), ja: strings('ja'), 'zh-CN': strings('zh-CN'), 'zh-TW': strings('zh-TW') },
});
const hints: RouteHints = {
  version: 1,
  routes: { '/pages/mine/mine': hint('MinePage'), '/admin/*': hint('AdminApp') },
};

describe('route hints', () => {
  it('finds a route by its exact path, else by the prefix route that covers it', () => {
    expect(routeHintOf(hints, '/pages/mine/mine')?.key).toBe('/pages/mine/mine');
    expect(routeHintOf(hints, '/admin')?.key).toBe('/admin/*');
    expect(routeHintOf(hints, '/admin/money/cashouts')?.key).toBe('/admin/*');
    expect(routeHintOf(hints, '/administrator')).toBeUndefined();
    expect(routeHintOf(hints, '/pages/mine/mine/extra')).toBeUndefined();
  });

  it('names the page’s scripts and its strings in one language as module preloads, its styles as style preloads', () => {
    const tags = hintTags(hint('MinePage'), 'ja');
    expect(tags).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/MinePage-a1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/i18n-ja-messages-a1.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/MinePage-b2.css">',
    );
    expect(withHints('<html><head><title>x</title></head><body></body></html>', tags)).toBe(
      `<html><head><title>x</title>${tags}</head><body></body></html>`,
    );
  });

  it('takes only plain asset addresses from the build’s list (they are written into the page as they are)', () => {
    const bad = (href: string) =>
      RouteHintsSchema.safeParse({ version: 1, routes: { '/': { ...hint('HomePage'), js: [href] } } }).success;
    expect(bad('/assets/HomePage-a1.js')).toBe(true);
    expect(bad('/assets/x.js"><script>alert(1)</script>')).toBe(false);
    expect(bad('https://elsewhere.example/x.js')).toBe(false);
    expect(bad('/assets/../secret.js')).toBe(false);
  });

  it('reads a request’s path without its query, decoded', () => {
    expect(pathOfUrl('/pages/public/Q%26A?x=1')).toBe('/pages/public/Q&A');
    expect(pathOfUrl('/pages/mine/mine#top')).toBe('/pages/mine/mine');
    expect(pathOfUrl('/bad%E0%A4%A')).toBe('/bad%E0%A4%A');
  });
});

describe('page pictures', () => {
  it('names same-site paths and http(s) addresses at high priority, escaped; nothing else', () => {
    expect(pictureTags(['/uploads/a.jpg', 'https://cdn.example/b.jpg?w=1&h=2'])).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/a.jpg">' +
        '<link rel="preload" as="image" fetchpriority="high" href="https://cdn.example/b.jpg?w=1&amp;h=2">',
    );
    expect(pictureTags(['/uploads/x.jpg"><script>alert(1)</script>'])).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/x.jpg&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">',
    );
    expect(pictureTags(['javascript:alert(1)', '//elsewhere.example/c.jpg', 'data:image/png;base64,AA'])).toBe('');
  });
});
