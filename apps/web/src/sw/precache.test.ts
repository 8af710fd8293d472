import { describe, expect, it } from 'vitest';
import { offlineHtml, shellFiles } from '../../vite-pwa.ts';

/** A built bundle as Rolldown hands it to generateBundle: chunks with their imports and CSS. */
function chunk(fileName: string, imports: string[] = [], dynamicImports: string[] = [], css: string[] = []) {
  return {
    type: 'chunk',
    fileName,
    isEntry: /index|offline/.test(fileName),
    imports,
    dynamicImports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set<string>() },
  };
}

describe('the precached shell', () => {
  it('holds what the entries reach, but not the console, the video players, or what only they reach', () => {
    const chunks = [
      chunk(
        'assets/index-a.js',
        ['assets/api-b.js'],
        ['assets/HomePage-c.js', 'assets/AdminApp-d.js', 'assets/i18n-ja-admin-e.js', 'assets/i18n-ja-home-f.js'],
        ['assets/index-a.css'],
      ),
      chunk('assets/api-b.js'),
      chunk('assets/HomePage-c.js', [], ['assets/LivePage-g.js'], ['assets/HomePage-c.css']),
      chunk('assets/LivePage-g.js', [], ['assets/mpegts-h.js', 'assets/hls.light-i.js']),
      chunk('assets/AdminApp-d.js', ['assets/console-only-j.js'], [], ['assets/AdminApp-d.css']),
      chunk('assets/console-only-j.js'),
      chunk('assets/mpegts-h.js'),
      chunk('assets/hls.light-i.js'),
      chunk('assets/i18n-ja-admin-e.js'),
      chunk('assets/i18n-zh-CN-admin-k.js'),
      chunk('assets/i18n-ja-home-f.js'),
      chunk('offline.js', ['assets/locale-tags-l.js']),
      chunk('assets/locale-tags-l.js'),
    ];
    const shell = shellFiles(Object.fromEntries(chunks.map((c) => [c.fileName, c])) as never);
    expect([...shell].sort()).toEqual([
      'assets/HomePage-c.css',
      'assets/HomePage-c.js',
      'assets/LivePage-g.js',
      'assets/api-b.js',
      'assets/i18n-ja-home-f.js',
      'assets/index-a.css',
      'assets/index-a.js',
      'assets/locale-tags-l.js',
      'offline.js',
    ]);
  });
});

describe('the offline page', () => {
  const strings = (title: string) => ({ offline: { title, body: `${title} <body>`, retry: 'Retry' } });

  it('has a section per language, English first and shown, the others hidden until its script picks', () => {
    const html = offlineHtml({
      ja: strings('オフラインです'),
      en: strings("You're offline"),
      'zh-TW': strings('網路已中斷'),
    });
    const sections = [...html.matchAll(/<section data-locale="([^"]+)" lang="[^"]+"( hidden)?>/g)];
    expect(sections.map((m) => [m[1], Boolean(m[2])])).toEqual([
      ['en', false],
      ['ja', true],
      ['zh-TW', true],
    ]);
    expect(html).toContain('You&#39;re offline &lt;body&gt;');
    // its script is a file: the page's policy allows no inline script
    expect(html).toContain('<script type="module" src="/offline.js"></script>');
    expect(html).not.toMatch(/<script>|<script type="module">/);
  });
});
