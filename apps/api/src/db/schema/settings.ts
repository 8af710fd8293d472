import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator-editable settings (recharge packages, portions, cash-out rules…), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
