import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email?: string | null;
  mobile?: string | null;
  passwordHash?: string | null;
  nickname: string;
  roles?: Role[];
  createdAt: Date;
}

/** True when a PostgreSQL error is a unique-constraint violation (code 23505) on the given index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The users table. */
export class UserRepository {
  constructor(private readonly db: Database) {}

  async byId(id: number): Promise<UserRow | undefined> {
    const rows = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  }

  async byEmail(email: string): Promise<UserRow | undefined> {
    const rows = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return rows[0];
  }

  async byMobile(mobile: string): Promise<UserRow | undefined> {
    const rows = await this.db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
    return rows[0];
  }

  /** Inserts a user; a unique violation (email or mobile taken) is thrown as is (see isUniqueViolation). */
  async insert(user: NewUser): Promise<UserRow> {
    const rows = await this.db
      .insert(users)
      .values({ ...user, updatedAt: user.createdAt })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async update(
    id: number,
    changes: Partial<Pick<UserRow, 'nickname' | 'avatar' | 'mobile' | 'passwordHash' | 'status' | 'roles'>>,
    now: Date,
  ): Promise<UserRow | undefined> {
    const rows = await this.db
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return rows[0];
  }

  /** Records a login at `now`: login_days counts distinct (UTC) days with a login. */
  async recordLogin(id: number, now: Date): Promise<UserRow | undefined> {
    const at = now.toISOString();
    const rows = await this.db
      .update(users)
      .set({
        loginDays: sql`${users.loginDays} + CASE WHEN ${users.lastLoginAt} IS NULL
          OR (${users.lastLoginAt} AT TIME ZONE 'UTC')::date <> (${at}::timestamptz AT TIME ZONE 'UTC')::date
          THEN 1 ELSE 0 END`,
        lastLoginAt: sql`${at}::timestamptz`,
      })
      .where(eq(users.id, id))
      .returning();
    return rows[0];
  }

  /** A page of users, newest first; keyword matches email, mobile, nickname (substring) or the id. */
  async list(options: { page: number; limit: number; keyword?: string | undefined }) {
    const keyword = options.keyword?.trim() ?? '';
    let where: SQL | undefined;
    if (keyword) {
      const like = `%${escapeLike(keyword)}%`;
      const conditions = [ilike(users.email, like), ilike(users.mobile, like), ilike(users.nickname, like)];
      if (/^[0-9]{1,9}$/.test(keyword)) conditions.push(eq(users.id, Number(keyword)));
      where = or(...conditions);
    }
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.id))
        .limit(options.limit)
        .offset((options.page - 1) * options.limit),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  /** Is the address someone's login? (the code service's AccountLookup) */
  async exists(channel: 'email' | 'mobile', address: string): Promise<boolean> {
    const column = channel === 'email' ? users.email : users.mobile;
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(column, address)).limit(1);
    return rows.length > 0;
  }
}
