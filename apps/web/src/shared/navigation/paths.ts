/** Tab-bar pages (spec §2): home (two paths), events, me. */
export const HOME_PATH = '/';
export const HOME_ALIAS_PATH = '/pages/newIndex/newIndex';
export const EVENTS_PATH = '/pages/beneficence/beneficence';
export const MINE_PATH = '/pages/mine/mine';
export const TAB_PATHS: readonly string[] = [HOME_PATH, HOME_ALIAS_PATH, EVENTS_PATH, MINE_PATH];
/** Where `back()` goes when history holds one page or fewer. */
export const INDEX_PATH = '/pages/index/index';
export const LOGIN_PATH = '/pages/public/login';
/** Spec §9: back navigation with a message waits 1.5 s. */
export const BACK_MESSAGE_DELAY_MS = 1500;

export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export function isTabPath(url: string): boolean {
  return TAB_PATHS.includes(pathOf(url));
}

/** http(s) links and other schemes (the messenger's mini-program scheme, mailto:, tel:…) open outside the app. */
export function isExternalUrl(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** The login page with a redirect back to `path` (path + search). */
export function loginUrl(redirect?: string): string {
  return redirect ? `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}` : LOGIN_PATH;
}
