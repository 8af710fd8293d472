import { APP_VERSION } from '@petheart/contracts';
import { VERSION_KEY } from '../shared/session';

/**
 * Spec §4, app start: when the stored version differs from the app version, store it and reload.
 * A first visit (no version stored) has nothing old in it: it stores the version and goes on, so the document
 * and its scripts load once. Returns true when a reload was asked for (the caller renders nothing).
 */
export function checkVersion(storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void): boolean {
  const stored = storage.getItem(VERSION_KEY);
  if (stored === APP_VERSION) return false;
  storage.setItem(VERSION_KEY, APP_VERSION);
  if (stored === null) return false;
  reload();
  return true;
}
