import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';

export class SettingsRepository {
  constructor(private readonly db: Database) {}

  async get(key: string): Promise<unknown> {
    const rows = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
    return rows[0]?.value;
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  }

  /**
   * Read-modify-write of one value in a transaction: the row (created from `initial` when missing) is locked,
   * so two editors changing different parts of it at once both keep their change. Returns the new value.
   */
  async update<T>(key: string, initial: unknown, change: (current: unknown) => T | Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.insert(settings).values({ key, value: initial }).onConflictDoNothing();
      const rows = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for('update');
      const next = await change(rows[0]?.value);
      await tx.update(settings).set({ value: next, updatedAt: new Date() }).where(eq(settings.key, key));
      return next;
    });
  }
}
