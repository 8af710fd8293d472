import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';

/** Failures from one address before it is slowed down. */
export const FREE_FAILURES = 5;
/** The longest wait for one address (15 minutes). */
export const MAX_DELAY_S = 15 * 60;
/** Failures across all addresses in an hour after which the account itself answers slower. */
export const ACCOUNT_CEILING_PER_HOUR = 100;
/** The longest account-wide wait: short, so the owner is slowed, never locked out. */
export const MAX_ACCOUNT_DELAY_S = 30;
/** A counter untouched this long starts again from zero. */
const FORGET_AFTER_MS = 24 * 3600_000;

/** The wait (seconds, since the last failure) after n failures from one address. */
export function addressDelay(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_S);
}

/** The account-wide wait after n failures in the last hour across every address. */
export function accountDelay(failuresLastHour: number): number {
  if (failuresLastHour < ACCOUNT_CEILING_PER_HOUR) return 0;
  return Math.min(2 ** Math.floor((failuresLastHour - ACCOUNT_CEILING_PER_HOUR) / 10), MAX_ACCOUNT_DELAY_S);
}

/**
 * Password-guessing slow-down, counted per (account, client address) in login_failures.
 * An attacker's address waits longer and longer; the owner's own address is unaffected by it.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Throws 429 'too_many_attempts' {seconds} when this (account, ip) must still wait. */
  async check(account: string, ip: string): Promise<void> {
    const now = this.clock.now().getTime();
    const rows = await this.db
      .select({ ip: loginFailures.ip, failures: loginFailures.failures, last: loginFailures.lastFailedAt })
      .from(loginFailures)
      .where(and(eq(loginFailures.account, account), gt(loginFailures.lastFailedAt, new Date(now - FORGET_AFTER_MS))));
    let wait = 0;
    const mine = rows.find((r) => r.ip === ip);
    if (mine) wait = Math.max(wait, mine.last.getTime() + addressDelay(mine.failures) * 1000 - now);
    const lastHour = rows.filter((r) => r.last.getTime() > now - 3600_000);
    const total = lastHour.reduce((sum, r) => sum + r.failures, 0);
    if (total >= ACCOUNT_CEILING_PER_HOUR) {
      const latest = Math.max(...lastHour.map((r) => r.last.getTime()));
      wait = Math.max(wait, latest + accountDelay(total) * 1000 - now);
    }
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new AppError('too_many_attempts', { seconds }, seconds);
    }
  }

  /** Counts a failure (an old counter restarts from one). */
  async fail(account: string, ip: string): Promise<void> {
    const now = this.clock.now();
    const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS).toISOString();
    await this.db
      .insert(loginFailures)
      .values({ account, ip, failures: 1, lastFailedAt: now })
      .onConflictDoUpdate({
        target: [loginFailures.account, loginFailures.ip],
        set: {
          failures: sql`CASE WHEN ${loginFailures.lastFailedAt} < ${forgetBefore}::timestamptz THEN 1
            ELSE ${loginFailures.failures} + 1 END`,
          lastFailedAt: now,
        },
      });
  }

  /** A success from this address clears its counter (other addresses keep theirs). */
  async succeed(account: string, ip: string): Promise<void> {
    await this.db.delete(loginFailures).where(and(eq(loginFailures.account, account), eq(loginFailures.ip, ip)));
  }
}
