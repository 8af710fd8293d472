import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { routeHints } from './route-hints';

/** A chunk as rolldown writes it, with what routeHints reads. */
function chunk(
  fileName: string,
  facadeModuleId: string | null,
  imports: string[] = [],
  css: string[] = [],
  isEntry = false,
): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId,
    imports,
    dynamicImports: [],
    isEntry,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as Rolldown.OutputChunk;
}

const src = '/repo/apps/web/src';
const locales = ['en', 'ja', 'zh-CN', 'zh-TW'];
const bundle = (extra: Rolldown.OutputChunk[] = []): Rolldown.OutputBundle => {
  const chunks = [
    chunk('assets/index-1.js', '/repo/apps/web/index.html', ['assets/initial-1.js'], ['assets/initial-1.css'], true),
    chunk('assets/initial-1.js', null, ['assets/runtime-1.js']),
    chunk('assets/runtime-1.js', null),
    chunk('offline.js', '/repo/apps/web/src/sw/offline-page.ts', ['assets/ui-1.js'], [], true),
    chunk(
      'assets/MinePage-1.js',
      `${src}/features/me/MinePage.tsx`,
      ['assets/ui-1.js', 'assets/initial-1.js'],
      ['assets/MinePage-1.css', 'assets/initial-1.css'],
    ),
    chunk('assets/ui-1.js', null, ['assets/runtime-1.js'], ['assets/ui-1.css']),
    chunk('assets/Lazy-1.js', `${src}/features/me/Lazy.tsx`),
    chunk('assets/ja-JP-1.js', '/repo/node_modules/antd-mobile/es/locales/ja-JP.js'),
    ...locales.flatMap((l) => [
      chunk(`assets/i18n-${l}-messages-1.js`, `\0virtual:petheart-messages/${l}`),
      chunk(`assets/i18n-${l}-common-1.js`, `${src}/locales/${l}/common.json`),
    ]),
    chunk('assets/i18n-en-me-1.js', `${src}/locales/en/me.json`),
    chunk('assets/i18n-ja-me-1.js', `${src}/locales/ja/me.json`),
    ...extra,
  ];
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
};
const moduleOf = (page: string) => `/src/features/${page}.tsx`;

describe('route hints from the build', () => {
  it('lists a page’s chunk and its static imports with their styles, leaving out what index.html loads', () => {
    const hints = routeHints(bundle(), [{ path: '/pages/mine/mine', page: 'me/MinePage' }], moduleOf);
    const mine = hints.routes['/pages/mine/mine'];
    expect(mine?.js).toEqual(['/assets/MinePage-1.js', '/assets/ui-1.js']);
    expect(mine?.css).toEqual(['/assets/MinePage-1.css', '/assets/ui-1.css']);
  });

  it('lists per language the strings every page waits for and the page’s namespace', () => {
    const { strings } = routeHints(bundle(), [{ path: '/pages/mine/mine', page: 'me/MinePage' }], moduleOf).routes[
      '/pages/mine/mine'
    ] ?? { strings: undefined };
    expect(strings?.en).toEqual([
      '/assets/i18n-en-messages-1.js',
      '/assets/i18n-en-common-1.js',
      '/assets/i18n-en-me-1.js',
    ]);
    expect(strings?.ja).toEqual([
      '/assets/i18n-ja-messages-1.js',
      '/assets/i18n-ja-common-1.js',
      '/assets/ja-JP-1.js',
      '/assets/i18n-ja-me-1.js',
    ]);
    expect(strings?.['zh-TW']).toEqual(['/assets/i18n-zh-TW-messages-1.js', '/assets/i18n-zh-TW-common-1.js']);
  });

  it('fails the build for a route whose page has no chunk', () => {
    expect(() => routeHints(bundle(), [{ path: '/x', page: 'me/NoSuchPage' }], moduleOf)).toThrow(
      'route hints: no chunk for /x (/src/features/me/NoSuchPage.tsx)',
    );
  });
});
