import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { problemReports, uploads } from '../../db/schema';

export type ReportRow = typeof problemReports.$inferSelect;
export type NewReport = Pick<
  typeof problemReports.$inferInsert,
  'userId' | 'deviceId' | 'reason' | 'images' | 'createdAt'
>;

/** The problem_reports table (and the uploads a report may show). */
export class ReportRepository {
  constructor(private readonly db: Database) {}

  async insert(report: NewReport): Promise<ReportRow> {
    const rows = await this.db.insert(problemReports).values(report).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** Which of these upload paths (/uploads/…) the user uploaded. */
  async uploadedBy(userId: number, paths: string[]): Promise<Set<string>> {
    if (paths.length === 0) return new Set();
    const rows = await this.db
      .select({ path: uploads.path })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), inArray(uploads.path, paths)));
    return new Set(rows.map((r) => r.path));
  }
}
