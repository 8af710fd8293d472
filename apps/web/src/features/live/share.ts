/** How Share works here (spec §8): inside the messenger, a hint to use its top-right menu; else copy the link. */
export type ShareMode = 'messenger' | 'clipboard' | 'manual';

/** WeChat's in-app browser (and WeCom's, which carries the same token). */
export function isMessenger(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** messenger → show the menu hint; clipboard → copy and say so; manual → show the link to copy by hand. */
export function shareMode(userAgent: string, canWriteClipboard: boolean): ShareMode {
  if (isMessenger(userAgent)) return 'messenger';
  return canWriteClipboard ? 'clipboard' : 'manual';
}

/** The address to share: absolute, on this origin for paths. */
export function shareUrl(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, origin).href;
}
