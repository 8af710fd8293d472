import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deviceCommands, users } from '../../db/schema';
import { CARE_COMMAND_KINDS } from '@petheart/contracts';

export type CareRow = typeof deviceCommands.$inferSelect & { issuerName: string | null };

const careCommand = inArray(deviceCommands.kind, [...CARE_COMMAND_KINDS]);
const columns = { command: deviceCommands, issuerName: users.nickname };

/** The care commands sent to stations, with who sent them (the audit). */
export class CareRepository {
  constructor(private readonly db: Database) {}

  async byId(id: string): Promise<CareRow | undefined> {
    const [row] = await this.db
      .select(columns)
      .from(deviceCommands)
      .leftJoin(users, eq(users.id, deviceCommands.issuedBy))
      .where(and(eq(deviceCommands.id, id), careCommand))
      .limit(1);
    return row && { ...row.command, issuerName: row.issuerName };
  }

  /** A device's care commands, newest first. */
  async list(deviceId: string, page: number, limit: number): Promise<{ rows: CareRow[]; total: number }> {
    const where = and(eq(deviceCommands.deviceId, deviceId), careCommand);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(deviceCommands)
        .leftJoin(users, eq(users.id, deviceCommands.issuedBy))
        .where(where)
        .orderBy(desc(deviceCommands.issuedAt), desc(deviceCommands.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(deviceCommands).where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r.command, issuerName: r.issuerName })), total: total?.n ?? 0 };
  }
}
