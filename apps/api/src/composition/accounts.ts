import type { Clock } from '../lib/clock';
import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import type { Authenticator } from '../http/auth';
import type { RateLimits } from '../lib/rate-limit/rate-limits';
import type { Mailer, SmsSender } from '../mail/mailer';
import { AdminUserService } from '../modules/admin/service';
import { CodeRepository } from '../modules/code/repository';
import { ADDRESS_LIMITS, CodeService } from '../modules/code/service';
import { OperatorGate } from '../modules/manage/gate';
import { ManageRepository } from '../modules/manage/repository';
import { OAuthIdentityRepository } from '../modules/oauth/repository';
import { OAuthService } from '../modules/oauth/service';
import { configuredProviders } from '../modules/oauth/setup';
import { TokenRepository } from '../modules/token/repository';
import { TokenService } from '../modules/token/service';
import { UserRepository } from '../modules/user/repository';
import { UserService } from '../modules/user/service';
import { LoginThrottle } from '../modules/user/throttle';

export function wireAccounts({
  config,
  database,
  clock,
  rateLimits,
  mailer,
  sms,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  rateLimits: RateLimits;
  mailer: Mailer;
  sms: SmsSender;
}) {
  const { db } = database;
  // Accounts: tokens (also the app's Authenticator), auth codes, users, the console's user management.
  const userRepository = new UserRepository(db);
  // Read caches only on the embedded database: one process, so every write passes here and drops them.
  // On PostgreSQL (several API processes) every call reads the database — but for login tokens, which
  // every request checks: those are remembered for 2 s (a logout or a disabled account takes effect at
  // once in the process that did it, within 2 s in the others; decision 011, "Throughput").
  const singleProcess = database.kind === 'pglite';
  const tokens = new TokenService({
    repository: new TokenRepository(db),
    clock,
    ttlMs: config.tokenTtlMs,
    cacheMs: singleProcess ? 60_000 : 2_000,
  });
  const codes = new CodeService({
    repository: new CodeRepository(db),
    accounts: userRepository,
    mailer,
    sms,
    clock,
    addressLimiter: rateLimits.limiter('code-address', ADDRESS_LIMITS),
    ipLimiter: rateLimits.limiter('code-ip', [{ limit: config.codeIpLimitPerHour, ms: 3600_000 }]),
  });
  // Base operators (decision 015): who runs a base (or earned a share once); also the userinfo's 'operator' role.
  const manageRepository = new ManageRepository(db);
  const operatorGate = new OperatorGate(manageRepository);
  const users = new UserService({
    derivedRoles: (userId) => operatorGate.derivedRoles(userId),
    users: userRepository,
    tokens,
    codes,
    throttle: new LoginThrottle(db, clock),
    clock,
    infoCacheMs: singleProcess ? 1_000 : 0,
  });
  const adminUsers = new AdminUserService({ users: userRepository, tokens, clock });
  const authenticator: Authenticator = tokens;

  return { userRepository, tokens, codes, manageRepository, operatorGate, users, adminUsers, authenticator };
}

export function wireOAuth({
  config,
  database,
  clock,
  userRepository,
  tokens,
  facebookUserInfoUrl,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  userRepository: UserRepository;
  tokens: TokenService;
  /** Facebook's Graph `me?fields=id,name,email` URL (tests point it at a local stand-in). */
  facebookUserInfoUrl: string | undefined;
}) {
  const { db } = database;
  // Sign-in with Google / Facebook (only the providers whose client id and secret are configured).
  const oauth = new OAuthService({
    providers: configuredProviders(config.oauth, facebookUserInfoUrl ? { userInfoUrl: facebookUserInfoUrl } : {}),
    identities: new OAuthIdentityRepository(db),
    users: userRepository,
    tokens,
    clock,
    publicUrl: config.publicUrl,
  });
  return oauth;
}
