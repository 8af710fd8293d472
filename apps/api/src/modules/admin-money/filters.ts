import { eq, gte, ilike, lt, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';
import { fromSeconds } from '../../lib/time';

/** LIKE wildcards in a search text are literal. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%`, wildcards escaped. */
export const contains = (text: string) => `%${escapeLike(text)}%`;

/** The users a console search names: a user id (digits), or part of an email. */
export function userMatches(text: string): SQL | undefined {
  const byEmail = ilike(users.email, contains(text));
  if (!/^\d{1,9}$/.test(text)) return byEmail;
  return or(eq(users.id, Number(text)), byEmail);
}

/** `column` in [from, to): conditions for the ends that are given. */
export function createdWithin(column: AnyColumn, range: { from?: number | undefined; to?: number | undefined }): SQL[] {
  const out: SQL[] = [];
  if (range.from !== undefined) out.push(gte(column, fromSeconds(range.from)));
  if (range.to !== undefined) out.push(lt(column, fromSeconds(range.to)));
  return out;
}
