import type { UserInfo } from '@petheart/contracts';
import { userEndpoints } from '@petheart/contracts';
import { stubApi, type ApiCall } from '../../test-support/app';

/** Test support for the console's page tests (never imported by app code). */

export const ADMIN: UserInfo = {
  id: 1,
  nickname: 'Admin',
  email: 'admin@petheart.local',
  mobile: null,
  avatar: '',
  login_days: 1,
  balance: 0,
  roles: ['user', 'admin'],
  created_at: 1_700_000_000,
};

/** The console's first render transforms and loads its whole chunk. */
export const SLOW = { timeout: 15_000 };

/** antd-mobile's drawers listen for swipes (pointer capture), which jsdom does not implement. */
export function stubPointerCapture(): void {
  Object.assign(Element.prototype, {
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
    hasPointerCapture: () => false,
  });
}

/** stubApi with an administrator signed in (userEndpoints.index); other calls go to `reply`. */
export function stubConsole(reply: (call: ApiCall) => unknown): ApiCall[] {
  return stubApi((call) => (call.endpoint === userEndpoints.index ? { userinfo: ADMIN } : reply(call)));
}
