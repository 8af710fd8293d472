import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationSettings, pushSubscriptions, users, userTokens } from '../../db/schema';

export type SettingsRow = Omit<typeof notificationSettings.$inferSelect, 'updatedAt'>;

/** A browser to push to. */
export interface PushTarget {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
}

/** Someone who chose to be told of some kinds (by push or e-mail), with their address. */
export interface Recipient extends SettingsRow {
  email: string | null;
}

export interface NewSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  tokenHash: string;
  lang: string;
  userAgent: string;
}

/** Users looked up per statement (a fan-out of 10,000 readers takes ten). */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** notification_settings and push_subscriptions (issue 29 §2). */
export class PushRepository {
  constructor(private readonly db: Database) {}

  async settings(userId: number): Promise<SettingsRow | undefined> {
    const rows = await this.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId))
      .limit(1);
    const row = rows[0];
    if (!row) return undefined;
    const { updatedAt: _updated, ...settings } = row;
    return settings;
  }

  async saveSettings(row: SettingsRow, now: Date): Promise<void> {
    const { userId: _user, ...changes } = row;
    await this.db
      .insert(notificationSettings)
      .values({ ...row, updatedAt: now })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...changes, updatedAt: now } });
  }

  /** The account's e-mail address (null without one). */
  async email(userId: number): Promise<string | null> {
    const rows = await this.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    return rows[0]?.email ?? null;
  }

  /**
   * Stores a browser's subscription under the login that made it. The endpoint is the browser's: subscribing it
   * again (a refresh at app start, another account signing in on it) moves it to this login with the new keys.
   */
  async subscribe(s: NewSubscription): Promise<void> {
    const { endpoint: _endpoint, ...changes } = s;
    await this.db
      .insert(pushSubscriptions)
      .values(s)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...changes, failures: 0 },
      });
  }

  /** Removes one of the user's own subscriptions (another user's endpoint is left alone). */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  /** Removes the subscriptions made under a login (its token's hash): at logout. */
  async removeForToken(tokenHash: string): Promise<number> {
    const rows = await this.db
      .delete(pushSubscriptions)
      .where(eq(pushSubscriptions.tokenHash, tokenHash))
      .returning({ id: pushSubscriptions.id });
    return rows.length;
  }

  /** Of these users, those (enabled) who chose some kinds to be pushed or mailed, with their settings. */
  async recipients(userIds: readonly number[]): Promise<Recipient[]> {
    const out: Recipient[] = [];
    for (const ids of chunks(userIds)) {
      const rows = await this.db
        .select({
          userId: notificationSettings.userId,
          pushKinds: notificationSettings.pushKinds,
          emailKinds: notificationSettings.emailKinds,
          quietStart: notificationSettings.quietStart,
          quietEnd: notificationSettings.quietEnd,
          timeZone: notificationSettings.timeZone,
          lang: notificationSettings.lang,
          email: users.email,
        })
        .from(notificationSettings)
        .innerJoin(users, eq(users.id, notificationSettings.userId))
        .where(
          and(
            inArray(notificationSettings.userId, ids),
            eq(users.status, 'normal'),
            or(
              sql`cardinality(${notificationSettings.pushKinds}) > 0`,
              sql`cardinality(${notificationSettings.emailKinds}) > 0`,
            ),
          ),
        );
      out.push(...rows);
    }
    return out;
  }

  /** These users' subscriptions whose login is still valid (a browser whose login ended is not pushed to). */
  async targets(userIds: readonly number[], now: Date): Promise<PushTarget[]> {
    const out: PushTarget[] = [];
    for (const ids of chunks(userIds)) {
      const rows = await this.db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
          lang: pushSubscriptions.lang,
        })
        .from(pushSubscriptions)
        .innerJoin(userTokens, eq(userTokens.tokenHash, pushSubscriptions.tokenHash))
        .where(and(inArray(pushSubscriptions.userId, ids), gt(userTokens.expiresAt, now)));
      out.push(...rows);
    }
    return out;
  }

  async delivered(id: number, now: Date): Promise<void> {
    await this.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: now, failures: 0 })
      .where(eq(pushSubscriptions.id, id));
  }

  /** Counts a failed send; the subscription is removed at `limit` failures in a row. Returns the count. */
  async failed(id: number, limit: number): Promise<number> {
    const rows = await this.db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(eq(pushSubscriptions.id, id))
      .returning({ failures: pushSubscriptions.failures });
    const failures = rows[0]?.failures ?? 0;
    if (failures >= limit) await this.remove(id);
    return failures;
  }

  async remove(id: number): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }
}
