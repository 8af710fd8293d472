import {
  ADMIN_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  OPERATOR_NOTIFICATION_KINDS,
  isKnownTimeZone,
  type Locale,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsData,
  type PushSubscribeBody,
  type Role,
} from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { PushRepository, SettingsRow } from './repository';

const OPERATOR_KINDS: readonly NotificationKind[] = OPERATOR_NOTIFICATION_KINDS;
const ADMIN_KINDS: readonly NotificationKind[] = ADMIN_NOTIFICATION_KINDS;
/** What every user can be told of. */
export const USER_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS.filter(
  (k) => !OPERATOR_KINDS.includes(k) && !ADMIN_KINDS.includes(k),
);
/** Kinds that may also go by e-mail: operators' station alerts. */
export const EMAIL_KINDS = OPERATOR_KINDS;

/** The signed-in user as the settings see them. */
export interface Reader {
  id: number;
  roles: readonly Role[];
  /** The login token's hash (subscriptions are made under it). */
  tokenHash: string;
}

export interface PushServiceDeps {
  repo: PushRepository;
  clock: Clock;
  /** Whether the user operates a base (station alerts are theirs). */
  operatesBase(userId: number): Promise<boolean>;
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  /** Push services are https; a local stand-in under test may be http. */
  allowHttpEndpoints: boolean;
}

/** No row yet: nothing pushed or mailed (push is opt-in), no quiet hours, UTC, the request's language. */
function defaults(userId: number, lang: Locale): SettingsRow {
  return { userId, pushKinds: [], emailKinds: [], quietStart: null, quietEnd: null, timeZone: 'UTC', lang };
}

const known = (kinds: readonly string[]) =>
  kinds.filter((k): k is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(k));

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The browser's ECDH public key (an uncompressed P-256 point) and its auth secret (16 bytes), base64url. */
function validKeys(keys: { p256dh: string; auth: string }): boolean {
  if (!BASE64URL.test(keys.p256dh) || !BASE64URL.test(keys.auth)) return false;
  const point = Buffer.from(keys.p256dh, 'base64url');
  return point.length === 65 && point[0] === 4 && Buffer.from(keys.auth, 'base64url').length >= 16;
}

/** A user's delivery choices and their browsers' subscriptions (issue 29 §2). */
export class PushService {
  constructor(private readonly deps: PushServiceDeps) {}

  publicKey(): string {
    return this.deps.publicKey;
  }

  /** The kinds this user can receive: everyone's, operators' station alerts, admins' review queue. */
  async availableKinds(user: Pick<Reader, 'id' | 'roles'>): Promise<NotificationKind[]> {
    const kinds = [...USER_KINDS];
    if (await this.deps.operatesBase(user.id)) kinds.push(...OPERATOR_KINDS);
    if (user.roles.includes('admin')) kinds.push(...ADMIN_KINDS);
    return kinds;
  }

  /** POST /api/notification/settings. */
  async settings(user: Reader, lang: Locale): Promise<NotificationSettingsData> {
    const [row, available, email] = await Promise.all([
      this.deps.repo.settings(user.id),
      this.availableKinds(user),
      this.deps.repo.email(user.id),
    ]);
    const s = row ?? defaults(user.id, lang);
    return {
      push_kinds: known(s.pushKinds),
      email_kinds: known(s.emailKinds),
      quiet_start: s.quietStart,
      quiet_end: s.quietEnd,
      time_zone: s.timeZone,
      lang: (s.lang as Locale | undefined) ?? lang,
      available_kinds: available,
      has_email: Boolean(email),
    };
  }

  /**
   * POST /api/notification/settings/save: only kinds the user can receive; e-mail only for station alerts and
   * only with an address; quiet hours both or neither; a time zone this server knows. Else 400, nothing saved.
   */
  async saveSettings(user: Reader, input: NotificationSettings): Promise<NotificationSettingsData> {
    const available = await this.availableKinds(user);
    const pushKinds = [...new Set(input.push_kinds)];
    const emailKinds = [...new Set(input.email_kinds)];
    if (pushKinds.some((k) => !available.includes(k))) throw new AppError('validation_failed');
    if (emailKinds.some((k) => !available.includes(k) || !EMAIL_KINDS.includes(k)))
      throw new AppError('validation_failed');
    if ((input.quiet_start === null) !== (input.quiet_end === null)) throw new AppError('validation_failed');
    if (!isKnownTimeZone(input.time_zone)) throw new AppError('validation_failed');
    if (emailKinds.length > 0 && !(await this.deps.repo.email(user.id))) throw new AppError('validation_failed');
    await this.deps.repo.saveSettings(
      {
        userId: user.id,
        pushKinds,
        emailKinds,
        quietStart: input.quiet_start,
        quietEnd: input.quiet_end,
        timeZone: input.time_zone,
        lang: input.lang,
      },
      this.deps.clock.now(),
    );
    return this.settings(user, input.lang);
  }

  /** POST /api/push/subscribe: this browser, under this login, in the app's language. */
  async subscribe(user: Reader, body: PushSubscribeBody, lang: Locale, userAgent: string): Promise<void> {
    if (!this.deps.allowHttpEndpoints && !body.endpoint.startsWith('https://')) throw new AppError('validation_failed');
    if (!validKeys(body.keys)) throw new AppError('validation_failed');
    await this.deps.repo.subscribe({
      userId: user.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      tokenHash: user.tokenHash,
      lang: body.lang ?? lang,
      userAgent: userAgent.slice(0, 300),
    });
  }

  /** POST /api/push/unsubscribe: one of the user's own browsers. */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.deps.repo.unsubscribe(userId, endpoint);
  }

  /** At logout: the browsers subscribed under that login are told no more. */
  async loggedOut(tokenHash: string): Promise<void> {
    await this.deps.repo.removeForToken(tokenHash);
  }
}
