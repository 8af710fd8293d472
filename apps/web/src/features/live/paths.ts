import type { Clip } from '@petheart/contracts';

/** Where the live room links to. */
export const livePath = (deviceId: string) => `/pages/live/live?device_id=${encodeURIComponent(deviceId)}`;
export const reportPath = (deviceId: string) => `/pages/report/report?device_id=${encodeURIComponent(deviceId)}`;
export const yardPath = (baseId: number) => `/pages/baseDetail/baseDetail?id=${String(baseId)}`;
export const RECHARGE_PATH = '/pages/money/money';
/** The community's publish page with a clip as a video post (its preview address when it is a path here). */
export const postClipPath = (clip: Clip) => {
  const q = new URLSearchParams({ device_id: clip.device_id, clip_id: clip.id });
  if (clip.url.startsWith('/')) q.set('clip_url', clip.url);
  return `/pages/publish/publish?${q.toString()}`;
};
