import { timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Operator-written texts in other languages than the one they were written in (issue 29 §5): lang → field → text. */
export type TextTranslations = Partial<Record<string, Record<string, string>>>;
