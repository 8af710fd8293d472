import type { Locale } from '@petheart/contracts';

/**
 * The address a page shares (issue 29 §4): absolute, and, for this site's pages, with the sharer's language as
 * `lang`, so the link's preview in a messenger is written in it (the server reads `lang` for previews only; the
 * app keeps each reader's own language). Other sites' addresses (a clip on the asset host) are left as they are.
 */
export function shareLink(pathOrUrl: string, origin: string, locale: Locale): string {
  const url = new URL(pathOrUrl, origin);
  if (url.origin !== new URL(origin).origin) return url.href;
  url.searchParams.set('lang', locale);
  return url.href;
}
