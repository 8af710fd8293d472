import type { LoginData, Role, UserInfo } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import type { CodeChannel } from '../code/repository';
import type { CodeService } from '../code/service';
import type { TokenService } from '../token/service';
import { TtlCache } from '../../lib/ttl-cache';
import { hashPassword, verifyPassword } from './passwords';
import { toLoginData, toUserInfo } from './presenter';
import { isUniqueViolation, type UserRepository, type UserRow } from './repository';
import type { LoginThrottle } from './throttle';

export interface UserServiceDeps {
  users: UserRepository;
  tokens: TokenService;
  codes: CodeService;
  throttle: LoginThrottle;
  clock: Clock;
  /**
   * How long GET /api/user/index may answer from memory (0 = never). Writes through this service drop
   * the entry at once; other modules that change a user's row (balance) call `forget(userId)`.
   */
  infoCacheMs?: number;
  /** Roles a user has by what they do, added to data.userinfo (a base's operator: 'operator'; decision 015). */
  derivedRoles?: (userId: number) => Promise<Role[]>;
}

export interface NewAccountOptions {
  password?: string;
  nickname?: string;
  roles?: Role[];
}

export interface ProfileChanges {
  avatar?: string | undefined;
  nickname?: string | undefined;
  /** Only '' (clear): a number is set with a code (changeMobile). */
  mobile?: '' | undefined;
}

/** The nickname a new account starts with: the email's local part (ASCII, as emails are; at most 30). */
export function defaultNickname(email: string): string {
  return (email.split('@')[0] ?? email).slice(0, 30) || 'PetHeart';
}

/**
 * Accounts: registration, the login modes, password reset, profile. Other modules (OAuth sign-in)
 * use `findOrCreateByEmail` and `startSession` to log a user in.
 */
export class UserService {
  private readonly infoCache: TtlCache<number, UserInfo>;

  private readonly logoutSteps: ((tokenHash: string) => Promise<void>)[] = [];

  constructor(private readonly deps: UserServiceDeps) {
    this.infoCache = new TtlCache(deps.clock);
  }

  /** A step another module takes at each logout, with the login's token hash (push: its browsers' subscriptions). */
  onLogout(step: (tokenHash: string) => Promise<void>): void {
    this.logoutSteps.push(step);
  }

  /** POST /api/user/logout: what was made under this login goes, then the login itself. */
  async logout(tokenHash: string): Promise<void> {
    for (const step of this.logoutSteps) await step(tokenHash);
    await this.deps.tokens.revoke(tokenHash);
  }

  /** Drops the cached data.userinfo of a user (call after changing the users row elsewhere). */
  forget(userId: number): void {
    this.infoCache.delete(userId);
  }

  async byId(id: number): Promise<UserRow | undefined> {
    return this.deps.users.byId(id);
  }

  async byEmail(email: string): Promise<UserRow | undefined> {
    return this.deps.users.byEmail(email.trim().toLowerCase());
  }

  /** data.userinfo for the logged-in user. */
  async info(userId: number): Promise<UserInfo> {
    const now = this.deps.clock.now().getTime();
    const cached = this.infoCache.get(userId);
    if (cached) return cached;
    const generation = this.infoCache.generation;
    const user = await this.deps.users.byId(userId);
    if (!user) throw new AppError('login_expired');
    const info = await this.withDerivedRoles(toUserInfo(user));
    const cacheMs = this.deps.infoCacheMs ?? 0;
    if (cacheMs > 0) this.infoCache.set(userId, info, now + cacheMs, generation);
    return info;
  }

  /**
   * Logs a user in: refuses a disabled account ('account_disabled'), records the login (login_days,
   * last_login_at) and issues a token. Every login mode ends here.
   */
  async startSession(user: UserRow): Promise<LoginData> {
    if (user.status !== 'normal') throw new AppError('account_disabled');
    this.forget(user.id);
    const updated = (await this.deps.users.recordLogin(user.id, this.deps.clock.now())) ?? user;
    this.forget(user.id);
    const login = toLoginData(updated, await this.deps.tokens.issue(user.id));
    return { ...login, userinfo: await this.withDerivedRoles(login.userinfo) };
  }

  /** The stored roles plus those the user has by what they do. */
  private async withDerivedRoles<T extends UserInfo>(info: T): Promise<T> {
    const extra = (await this.deps.derivedRoles?.(info.id)) ?? [];
    const roles = [...info.roles, ...extra.filter((r) => !info.roles.includes(r))];
    return roles.length === info.roles.length ? info : { ...info, roles };
  }

  /**
   * Creates an account for an email; password optional (OAuth sign-in creates it without one),
   * nickname defaults to the email's local part, roles to ['user']. Throws 'account_exists' when taken.
   */
  async createWithEmail(email: string, options: NewAccountOptions = {}): Promise<UserRow> {
    const address = email.trim().toLowerCase();
    try {
      return await this.deps.users.insert({
        email: address,
        passwordHash: options.password ? await hashPassword(options.password) : null,
        nickname: options.nickname ?? defaultNickname(address),
        ...(options.roles ? { roles: options.roles } : {}),
        createdAt: this.deps.clock.now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('account_exists');
      throw error;
    }
  }

  /** The account for an email, created (without password) when none exists. */
  async findOrCreateByEmail(email: string, nickname?: string): Promise<UserRow> {
    const existing = await this.byEmail(email);
    if (existing) return existing;
    try {
      return await this.createWithEmail(email, nickname === undefined ? {} : { nickname });
    } catch (error) {
      const raced = error instanceof AppError ? await this.byEmail(email) : undefined;
      if (raced) return raced;
      throw error;
    }
  }

  /** POST /api/user/register: the code proves the email; the account is logged in at once. */
  async register(email: string, password: string, code: string): Promise<LoginData> {
    if (await this.deps.users.byEmail(email)) throw new AppError('account_exists');
    await this.deps.codes.verify('email', email, 'register', code);
    return this.startSession(await this.createWithEmail(email, { password }));
  }

  /** POST /api/user/login: email or mobile + password, slowed down per (account, ip) after failures. */
  async loginWithPassword(account: string, password: string, ip: string): Promise<LoginData> {
    const key = account.trim().toLowerCase();
    await this.deps.throttle.check(key, ip);
    const user = key.includes('@') ? await this.deps.users.byEmail(key) : await this.deps.users.byMobile(key);
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
      await this.deps.throttle.fail(key, ip);
      throw new AppError('invalid_credentials');
    }
    await this.deps.throttle.succeed(key, ip);
    return this.startSession(user);
  }

  /** POST /api/user/emaillogin and /mobilelogin: a code logs in, creating the account when none exists. */
  async loginWithCode(channel: CodeChannel, address: string, code: string): Promise<LoginData> {
    await this.deps.codes.verify(channel, address, channel === 'email' ? 'emaillogin' : 'mobilelogin', code);
    const existing =
      channel === 'email' ? await this.deps.users.byEmail(address) : await this.deps.users.byMobile(address);
    if (existing) return this.startSession(existing);
    if (channel === 'email') return this.startSession(await this.findOrCreateByEmail(address));
    try {
      const created = await this.deps.users.insert({
        mobile: address,
        nickname: `${address.slice(0, 3)}****${address.slice(-4)}`,
        createdAt: this.deps.clock.now(),
      });
      return await this.startSession(created);
    } catch (error) {
      const raced = isUniqueViolation(error) ? await this.deps.users.byMobile(address) : undefined;
      if (raced) return this.startSession(raced);
      throw error;
    }
  }

  /** POST /api/user/resetpwd: sets a new password and ends every login of the user. */
  async resetPassword(channel: CodeChannel, address: string, newPassword: string, code: string): Promise<void> {
    await this.deps.codes.verify(channel, address, 'resetpwd', code);
    const user = channel === 'email' ? await this.deps.users.byEmail(address) : await this.deps.users.byMobile(address);
    if (!user) throw new AppError('code_invalid');
    await this.deps.users.update(user.id, { passwordHash: await hashPassword(newPassword) }, this.deps.clock.now());
    await this.deps.tokens.revokeAll(user.id);
  }

  /** POST /api/user/profile: only the fields sent change; the mobile number can only be cleared here. */
  async updateProfile(userId: number, changes: ProfileChanges): Promise<UserInfo> {
    const set: { avatar?: string; nickname?: string; mobile?: null } = {};
    if (changes.nickname !== undefined) set.nickname = changes.nickname;
    if (changes.avatar !== undefined) set.avatar = changes.avatar;
    if (changes.mobile !== undefined) set.mobile = null;
    this.forget(userId);
    try {
      const updated = await this.deps.users.update(userId, set, this.deps.clock.now());
      if (!updated) throw new AppError('login_expired');
      return toUserInfo(updated);
    } finally {
      this.forget(userId);
    }
  }

  /**
   * POST /api/user/changemobile: sets the user's mobile number with the code sent to it (event 'changemobile').
   * A number another account has → 'mobile_exists' (before the code is used); a wrong, used or expired code →
   * 'code_invalid'.
   */
  async changeMobile(userId: number, mobile: string, code: string): Promise<UserInfo> {
    const owner = await this.deps.users.byMobile(mobile);
    if (owner && owner.id !== userId) throw new AppError('mobile_exists');
    await this.deps.codes.verify('mobile', mobile, 'changemobile', code);
    this.forget(userId);
    try {
      const updated = await this.deps.users.update(userId, { mobile }, this.deps.clock.now());
      if (!updated) throw new AppError('login_expired');
      return await this.withDerivedRoles(toUserInfo(updated));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('mobile_exists');
      throw error;
    } finally {
      this.forget(userId);
    }
  }
}
