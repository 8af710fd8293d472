import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SupportReviewStatus } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { supportApplications, supportEvents, users } from '../../db/schema';

export type ApplicationRow = typeof supportApplications.$inferSelect;
export type NewApplication = Omit<
  typeof supportApplications.$inferInsert,
  'id' | 'status' | 'reason' | 'reviewedBy' | 'reviewedAt'
>;

export interface Person {
  id: number;
  nickname: string;
  email: string | null;
}

/** An application with its applicant and reviewer (the console's view). */
export interface ApplicationWithPeople {
  application: ApplicationRow;
  user: Person;
  reviewer: Person | null;
}

const reviewers = alias(users, 'reviewers');

/** Escapes % and _ for ILIKE (the console's keyword search). */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Support applications (decision 016). A review changes a pending row once (a conditional UPDATE). */
export class SupportApplicationRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewApplication): Promise<ApplicationRow> {
    const rows = await this.db.insert(supportApplications).values(row).returning();
    const inserted = rows[0];
    if (!inserted) throw new Error('support application insert returned nothing');
    return inserted;
  }

  async countPending(userId: number): Promise<number> {
    const rows = await this.db
      .select({ n: count() })
      .from(supportApplications)
      .where(and(eq(supportApplications.userId, userId), eq(supportApplications.status, 0)));
    return rows[0]?.n ?? 0;
  }

  async byId(id: number): Promise<ApplicationRow | undefined> {
    const rows = await this.db.select().from(supportApplications).where(eq(supportApplications.id, id)).limit(1);
    return rows[0];
  }

  /** A user's applications, newest first. */
  async listByUser(
    userId: number,
    status: SupportReviewStatus | undefined,
    page: number,
    limit: number,
  ): Promise<{ rows: ApplicationRow[]; total: number }> {
    const conditions: SQL[] = [eq(supportApplications.userId, userId)];
    if (status !== undefined) conditions.push(eq(supportApplications.status, status));
    const where = and(...conditions);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(supportApplications)
        .where(where)
        .orderBy(desc(supportApplications.createdAt), desc(supportApplications.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(supportApplications).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  /** The console's list: pending ones oldest first (a queue), otherwise newest first. */
  async listForConsole(
    filter: { status?: SupportReviewStatus | undefined; keyword?: string | undefined },
    page: number,
    limit: number,
  ): Promise<{ rows: ApplicationWithPeople[]; total: number }> {
    const a = supportApplications;
    const conditions: SQL[] = [];
    if (filter.status !== undefined) conditions.push(eq(a.status, filter.status));
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const like = likeText(keyword);
      const match = or(ilike(a.name, like), ilike(a.applicant, like), ilike(a.mobile, like), ilike(a.address, like));
      if (match) conditions.push(match);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const order = filter.status === 0 ? [a.createdAt, a.id] : [desc(a.createdAt), desc(a.id)];
    const [rows, totals] = await Promise.all([
      this.db
        .select({
          application: a,
          user: { id: users.id, nickname: users.nickname, email: users.email },
          reviewer: { id: reviewers.id, nickname: reviewers.nickname, email: reviewers.email },
        })
        .from(a)
        .innerJoin(users, eq(users.id, a.userId))
        .leftJoin(reviewers, eq(reviewers.id, a.reviewedBy))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(a).where(where),
    ]);
    return { rows: rows.map(withPeople), total: totals[0]?.n ?? 0 };
  }

  async withPeople(id: number): Promise<ApplicationWithPeople | undefined> {
    const rows = await this.db
      .select({
        application: supportApplications,
        user: { id: users.id, nickname: users.nickname, email: users.email },
        reviewer: { id: reviewers.id, nickname: reviewers.nickname, email: reviewers.email },
      })
      .from(supportApplications)
      .innerJoin(users, eq(users.id, supportApplications.userId))
      .leftJoin(reviewers, eq(reviewers.id, supportApplications.reviewedBy))
      .where(eq(supportApplications.id, id))
      .limit(1);
    return rows[0] && withPeople(rows[0]);
  }

  async person(userId: number): Promise<Person | undefined> {
    const rows = await this.db
      .select({ id: users.id, nickname: users.nickname, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return rows[0];
  }

  /** pending → approved | rejected; undefined when it was not pending any more (nothing changed). */
  async review(
    id: number,
    review: { status: 1 | 2; reason: string; reviewerId: number; now: Date },
  ): Promise<ApplicationRow | undefined> {
    const rows = await this.db
      .update(supportApplications)
      .set({
        status: review.status,
        reason: review.reason,
        reviewedBy: review.reviewerId,
        reviewedAt: review.now,
        updatedAt: review.now,
      })
      .where(and(eq(supportApplications.id, id), eq(supportApplications.status, 0)))
      .returning();
    return rows[0];
  }

  /** The events published for these applications, newest first, by application. */
  async eventIdsOf(applicationIds: number[]): Promise<Map<number, number[]>> {
    const byApplication = new Map<number, number[]>();
    if (applicationIds.length === 0) return byApplication;
    const rows = await this.db
      .select({ id: supportEvents.id, applicationId: supportEvents.applicationId })
      .from(supportEvents)
      .where(inArray(supportEvents.applicationId, applicationIds))
      .orderBy(desc(supportEvents.id));
    for (const r of rows) byApplication.set(r.applicationId, [...(byApplication.get(r.applicationId) ?? []), r.id]);
    return byApplication;
  }
}

function withPeople(r: {
  application: ApplicationRow;
  user: Person;
  reviewer: { id: number | null; nickname: string | null; email: string | null } | null;
}): ApplicationWithPeople {
  const reviewer =
    r.reviewer && r.reviewer.id !== null
      ? { id: r.reviewer.id, nickname: r.reviewer.nickname ?? '', email: r.reviewer.email }
      : null;
  return { application: r.application, user: r.user, reviewer };
}
