import { PID_KEY } from './storage';

/**
 * The referral id from a query string: `?pid=123`, or a scene string `?scene=pid%3D123` (decoded, then read
 * as a query string). Returns null when neither carries one.
 */
export function pidFromSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  const direct = params.get('pid');
  if (direct) return direct;
  const scene = params.get('scene');
  if (!scene) return null;
  let decoded = scene;
  try {
    decoded = decodeURIComponent(scene);
  } catch {
    // keep it as it came
  }
  return new URLSearchParams(decoded).get('pid') || null;
}

/** Stores a pid found in `search` in sessionStorage; returns the stored pid (new or earlier). */
export function capturePid(search: string, storage: Storage): string | null {
  const pid = pidFromSearch(search);
  if (pid) storage.setItem(PID_KEY, pid);
  return storage.getItem(PID_KEY);
}

/** Spec §4: on unload of the app, pid is removed. */
export function removePidOnUnload(win: Window, storage: Storage): () => void {
  const onUnload = () => {
    storage.removeItem(PID_KEY);
  };
  win.addEventListener('pagehide', onUnload);
  return () => {
    win.removeEventListener('pagehide', onUnload);
  };
}
