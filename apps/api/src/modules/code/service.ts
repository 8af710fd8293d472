import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodeEvent, Locale } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import { consumeAll, retryAfterSeconds, type RateLimiter, type RateWindow } from '../../lib/rate-limit/limiter';
import type { Mailer, SmsSender } from '../../mail/mailer';
import { codeMail, codeSms } from '../../mail/templates';
import type { CodeChannel, CodeRepository } from './repository';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** Per address (channel and address, every event): 1 send a minute, 5 an hour, 10 a day. */
export const ADDRESS_LIMITS: readonly RateWindow[] = [
  { limit: 1, ms: 60_000 },
  { limit: 5, ms: 3600_000 },
  { limit: 10, ms: 86_400_000 },
];

/** Whether an account exists for an address (the code service asks, it does not own users). */
export interface AccountLookup {
  exists(channel: CodeChannel, address: string): Promise<boolean>;
}

export interface CodeServiceDeps {
  repository: CodeRepository;
  accounts: AccountLookup;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  /** ADDRESS_LIMITS, keyed `channel:address`. */
  addressLimiter: RateLimiter;
  /** Sends per client address an hour (CODE_IP_LIMIT_PER_HOUR). */
  ipLimiter: RateLimiter;
}

export interface SendRequest {
  channel: CodeChannel;
  address: string;
  event: CodeEvent;
  ip: string;
  locale: Locale;
}

function hashCode(channel: CodeChannel, address: string, event: string, code: string): string {
  return createHash('sha256').update(`${channel}\n${address}\n${event}\n${code}`).digest('hex');
}

/** One-time auth codes by mail or SMS: 6 digits, stored hashed, 10 minutes, single use, 5 tries. */
export class CodeService {
  constructor(private readonly deps: CodeServiceDeps) {}

  /**
   * Sends a code, within the rate limits (429 'rate_limited' with retryAfter). A register/changemobile
   * code for a taken address is refused; a resetpwd/emaillogin code for an unknown address is
   * answered like a success but nothing is sent (no account enumeration).
   */
  async send(request: SendRequest): Promise<void> {
    const { channel, address, event, ip } = request;
    const known = await this.deps.accounts.exists(channel, address);
    if ((event === 'register' || event === 'changemobile') && known) {
      throw new AppError(channel === 'email' ? 'account_exists' : 'mobile_exists');
    }
    const silent = !known && (event === 'resetpwd' || event === 'emaillogin');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');

    // Counted before anything is stored: a silent send counts like a real one (no enumeration through 429s).
    const decision = await consumeAll([
      { limiter: this.deps.addressLimiter, key: `${channel}:${address}` },
      { limiter: this.deps.ipLimiter, key: ip },
    ]);
    if (!decision.allowed) throw new AppError('rate_limited', {}, retryAfterSeconds(decision));
    const now = this.deps.clock.now();
    // A silent send is recorded as already used: it can never be entered.
    const id = await this.deps.repository.insert({
      channel,
      address,
      event,
      ip,
      codeHash: hashCode(channel, address, event, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      usedAt: silent ? now : null,
    });
    if (silent) return;

    try {
      if (channel === 'email') await this.deps.mailer.send({ to: address, ...codeMail(request.locale, code) });
      else await this.deps.sms.send(address, codeSms(request.locale, code));
    } catch (error) {
      // The code never arrived: it can never be entered (it still counts, so a broken relay is not hammered).
      await this.deps.repository.markUsed(id, this.deps.clock.now());
      const failure = new AppError('code_unavailable');
      failure.cause = error;
      throw failure;
    }
  }

  /** Uses a code: throws 'code_invalid' when it is wrong, used, expired or out of tries. */
  async verify(channel: CodeChannel, address: string, event: CodeEvent, code: string): Promise<void> {
    const now = this.deps.clock.now();
    const row = await this.deps.repository.latestUsable(channel, address, event, now, CODE_MAX_ATTEMPTS);
    if (!row) throw new AppError('code_invalid');
    const given = Buffer.from(hashCode(channel, address, event, code), 'hex');
    if (!timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) {
      await this.deps.repository.addAttempt(row.id);
      throw new AppError('code_invalid');
    }
    if (!(await this.deps.repository.consume(row.id, now))) throw new AppError('code_invalid');
  }
}
