import type { AdminUser, LoginData, Role, UserInfo } from '@petheart/contracts';
import { seconds } from '../../lib/time';
import type { IssuedToken } from '../token/service';
import type { UserRow } from './repository';

/** A user as the app sees themself (GET /api/user/index → data.userinfo). */
export function toUserInfo(u: UserRow): UserInfo {
  return {
    id: u.id,
    nickname: u.nickname,
    email: u.email,
    mobile: u.mobile,
    avatar: u.avatar,
    login_days: u.loginDays,
    balance: u.balance,
    roles: u.roles as Role[],
    created_at: seconds(u.createdAt),
  };
}

/** What every login answers: the user with the token inside userinfo (FastAdmin style). */
export function toLoginData(u: UserRow, issued: IssuedToken): LoginData {
  return { userinfo: { ...toUserInfo(u), token: issued.token, expires_in: issued.expiresIn } };
}

/** A user as the operator console sees them. */
export function toAdminUser(u: UserRow): AdminUser {
  return { ...toUserInfo(u), status: u.status, last_login_at: u.lastLoginAt ? seconds(u.lastLoginAt) : null };
}
