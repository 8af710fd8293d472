import { APP_VERSION } from '@petheart/contracts';
import { VERSION_KEY } from '../shared/session';

/**
 * Spec §4, app start: when the stored version differs from the app version, store it and reload.
 * Returns true when a reload was asked for (the caller renders nothing).
 */
export function checkVersion(storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void): boolean {
  if (storage.getItem(VERSION_KEY) === APP_VERSION) return false;
  storage.setItem(VERSION_KEY, APP_VERSION);
  reload();
  return true;
}
