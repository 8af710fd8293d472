import { count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { bases, devices, problemReports, users } from '../../db/schema';

export type ReportRow = typeof problemReports.$inferSelect;
/** A problem report as the console sees it: who filed it, about which device, who resolved it. */
export interface ReportView {
  report: ReportRow;
  reporter: { id: number; nickname: string; avatar: string };
  device: { name: string; baseId: number; baseName: string };
  resolver: { id: number; nickname: string } | null;
}

const resolvers = alias(users, 'resolver');

/** The console's problem-report queue over problem_reports. */
export class ReportQueueRepository {
  constructor(private readonly db: Database) {}

  private views() {
    return this.db
      .select({
        report: problemReports,
        reporter: { id: users.id, nickname: users.nickname, avatar: users.avatar },
        device: { name: devices.name, baseId: bases.id, baseName: bases.name },
        resolver: { id: resolvers.id, nickname: resolvers.nickname },
      })
      .from(problemReports)
      .innerJoin(users, eq(users.id, problemReports.userId))
      .innerJoin(devices, eq(devices.id, problemReports.deviceId))
      .innerJoin(bases, eq(bases.id, devices.baseId))
      .leftJoin(resolvers, eq(resolvers.id, problemReports.resolvedBy))
      .$dynamic();
  }

  /**
   * Reports by status: open ones oldest first (first come, first handled), resolved ones most recently
   * resolved first; without a status, newest first.
   */
  async list(
    status: 'open' | 'resolved' | undefined,
    page: { limit: number; offset: number },
  ): Promise<{ rows: ReportView[]; total: number }> {
    const where = status ? eq(problemReports.status, status) : undefined;
    const order =
      status === 'open'
        ? [problemReports.createdAt, problemReports.id]
        : status === 'resolved'
          ? [sql`${problemReports.resolvedAt} DESC NULLS LAST`, desc(problemReports.id)]
          : [desc(problemReports.createdAt), desc(problemReports.id)];
    const [rows, totals] = await Promise.all([
      this.views()
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(problemReports).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  async view(id: number): Promise<ReportView | undefined> {
    const rows = await this.views().where(eq(problemReports.id, id)).limit(1);
    return rows[0];
  }

  /** Marks a report resolved with a note (again: the note and who resolved it are replaced). */
  async resolve(id: number, note: string, adminId: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(problemReports)
      .set({ status: 'resolved', remark: note, resolvedBy: adminId, resolvedAt: at })
      .where(eq(problemReports.id, id))
      .returning({ id: problemReports.id });
    return rows.length > 0;
  }
}
