/**
 * How Share works here (spec §8, issue 29 §4): inside WeChat, its own share through the top-right menu (the page
 * sets the card that menu sends when the API has WeChat's JS-SDK configured: wechat-sdk.ts); where the browser
 * has a system share sheet, that; else the link is copied (or shown to copy by hand).
 */
export type ShareMode = 'messenger' | 'sheet' | 'clipboard' | 'manual';

/** WeChat's in-app browser (and WeCom's, which carries the same token). */
export function isMessenger(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** messenger → the menu hint; sheet → navigator.share; clipboard → copy and say so; manual → show the link. */
export function shareMode(nav: { userAgent: string; share?: unknown }, canWriteClipboard: boolean): ShareMode {
  if (isMessenger(nav.userAgent)) return 'messenger';
  if (typeof nav.share === 'function') return 'sheet';
  return canWriteClipboard ? 'clipboard' : 'manual';
}

/** The user closed the share sheet: not a failure. */
export const isShareAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The address WeChat's JS-SDK signature must name: on iOS, WeChat checks it against the address the page was first
 * loaded at (it ignores history.pushState), elsewhere against the current one; never with its #fragment.
 */
export function wechatSignedUrl(userAgent: string, current: string, landing: string | undefined): string {
  const ios = /iPhone|iPad|iPod/i.test(userAgent);
  return ((ios && landing) || current).split('#')[0] ?? '';
}
