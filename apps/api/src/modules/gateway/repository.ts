import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DeviceAckDetail } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { deviceCommands, devices } from '../../db/schema';
import { GroupCommit } from '../../db/group-commit';
import { anyOf, fromJsonRow, OneStatement, type Later } from '../../db/one-statement';
import { recordset, rowsOf } from '../../db/rows';

export type CommandRow = typeof deviceCommands.$inferSelect;
export type CommandStatus = CommandRow['status'];
/** Whether each status is open or ended (every status must be named: a new one fails to compile here). */
const STATUS_KINDS = {
  queued: 'open',
  sent: 'open',
  acked: 'ended',
  failed: 'ended',
  expired: 'ended',
} as const satisfies Record<CommandStatus, 'open' | 'ended'>;
const statusesThatAre = (kind: 'open' | 'ended') =>
  (Object.keys(STATUS_KINDS) as CommandStatus[]).filter((s) => STATUS_KINDS[s] === kind);
const OPEN = statusesThatAre('open');

/**
 * "Not ended yet", for statements that name their commands by id: written so, and not as
 * `status IN ('queued', 'sent')`, because that predicate lets the planner scan device_commands_open_idx,
 * which keeps an entry for every command that has ended since the last vacuum (on PGlite, the app's own
 * once a fifth of the table is dead, decision 019), instead of looking the few ids up (decision 018).
 */
const NOT_ENDED = sql.raw(
  `status NOT IN (${statusesThatAre('ended')
    .map((s) => `'${s}'`)
    .join(', ')})`,
);

export type NewCommand = typeof deviceCommands.$inferInsert;
export interface CommandAnswer {
  outcome: string;
  grams: number;
  ackedAt: Date;
  /** A care command's answer beyond its outcome. */
  detail?: DeviceAckDetail | undefined;
}

/** An answer to a command no process here waits for (CommandRepository.recordUnownedAnswer). */
interface UnownedAnswer {
  id: string;
  deviceId: string;
  status: 'acked' | 'failed' | 'expired';
  answer: CommandAnswer;
  /** Taken only for a command that expires (or expired) after this. */
  expiredAfter: Date;
}

/** The device_commands table: one row per command, its attempts and the device's answer. */
export class CommandRepository {
  // Commands are written in groups under load: one statement per batch, not per command.
  private readonly inserts = new GroupCommit<NewCommand, boolean>((rows) => this.insertMany(rows));
  private readonly settles = new GroupCommit<
    { id: string; status: 'acked' | 'failed' | 'expired'; answer: CommandAnswer | null },
    boolean
  >((items) => this.settleMany(items));

  private readonly sends = new GroupCommit<{ id: string; attempts: number }, undefined>((items) =>
    this.markSentMany(items),
  );

  // A fleet that reconnects re-sends its recent answers all at once (decision 026): one statement per batch.
  private readonly unowned = new GroupCommit<UnownedAnswer, boolean>((items) => this.recordUnownedMany(items));

  constructor(private readonly db: Database) {}

  private async insertMany(rows: NewCommand[]): Promise<boolean[]> {
    // A lone row as plain parameters: jsonb_to_recordset costs ~0.4 ms more per statement on PGlite.
    if (rows.length === 1 && rows[0]) {
      const r = rows[0];
      const result = await this.db.execute(sql`
        INSERT INTO ${deviceCommands}
          (id, device_id, kind, payload, issued_at, expires_at, attempts, status, issued_by)
        SELECT ${r.id}::uuid, d.id, ${r.kind}, ${JSON.stringify(r.payload)}::jsonb,
          ${r.issuedAt.toISOString()}::timestamptz, ${r.expiresAt.toISOString()}::timestamptz,
          ${r.attempts ?? 0}::int, ${r.status ?? 'queued'}, ${r.issuedBy ?? null}::int
        FROM ${devices} d WHERE d.id = ${r.deviceId} AND NOT d.disabled
        RETURNING id`);
      return [rowsOf(result).length > 0];
    }
    const q = new OneStatement();
    const inserted = this.insertManyIn(q, rows);
    await q.run(this.db);
    const ids = inserted();
    return rows.map((r) => ids.has(r.id));
  }

  /**
   * Inserts commands for devices that exist and are enabled, as a part of the caller's statement. With
   * `refusal`, a command left out (its device unknown or disabled) fails the statement with it.
   */
  insertManyIn(q: OneStatement, rows: NewCommand[], refusal?: string): Later<Set<string>> {
    const values = rows.map((r) => ({
      id: r.id,
      device_id: r.deviceId,
      kind: r.kind,
      payload: r.payload,
      issued_at: r.issuedAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      attempts: r.attempts ?? 0,
      status: r.status ?? 'queued',
      issued_by: r.issuedBy ?? null,
    }));
    // Only for devices that exist and are enabled (a look-up and the insert in one statement).
    const inserted = q.add(
      'command_new',
      sql`INSERT INTO ${deviceCommands}
          (id, device_id, kind, payload, issued_at, expires_at, attempts, status, issued_by)
        SELECT v.id, v.device_id, v.kind, v.payload, v.issued_at, v.expires_at, v.attempts, v.status, v.issued_by
        FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(id uuid, device_id text, kind text,
          payload jsonb, issued_at timestamptz, expires_at timestamptz, attempts int, status text, issued_by int)
        JOIN ${devices} d ON d.id = v.device_id AND NOT d.disabled
        RETURNING id`,
      (ids) => new Set(ids.map((r) => String(r.id))),
    );
    if (refusal !== undefined)
      q.check('command_new_all', sql`(SELECT count(*) FROM command_new) = ${rows.length}`, refusal);
    return inserted;
  }

  private async settleMany(
    items: { id: string; status: 'acked' | 'failed' | 'expired'; answer: CommandAnswer | null }[],
  ): Promise<boolean[]> {
    if (items.length === 1 && items[0]) {
      const { id, status, answer } = items[0];
      const result = await this.db.execute(sql`
        UPDATE ${deviceCommands} SET status = ${status}, outcome = ${answer?.outcome ?? null},
          grams = ${answer?.grams ?? null}::int, acked_at = ${answer?.ackedAt.toISOString() ?? null}::timestamptz,
          detail = ${answer?.detail ? JSON.stringify(answer.detail) : null}::jsonb
        WHERE id = ${id}::uuid AND ${NOT_ENDED}
        RETURNING id`);
      return [rowsOf(result).length > 0];
    }
    const q = new OneStatement();
    const settled = this.settleManyIn(q, items);
    await q.run(this.db);
    const ids = new Set(settled().map((c) => c.id));
    return items.map((i) => ids.has(i.id));
  }

  /**
   * Ends open commands with their answers, as a part of the caller's statement; answers the commands it
   * ended. One settled already (an ack racing its expiry) keeps its first answer.
   */
  settleManyIn(
    q: OneStatement,
    items: { id: string; status: 'acked' | 'failed' | 'expired'; answer: CommandAnswer | null }[],
  ): Later<CommandRow[]> {
    const values = items.map((i) => ({
      id: i.id,
      status: i.status,
      outcome: i.answer?.outcome ?? null,
      grams: i.answer?.grams ?? null,
      acked_at: i.answer?.ackedAt.toISOString() ?? null,
      detail: i.answer?.detail ?? null,
    }));
    return q.add(
      'command_ended',
      sql`UPDATE ${deviceCommands} AS c
        SET status = v.status, outcome = v.outcome, grams = v.grams, acked_at = v.acked_at, detail = v.detail
        FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          AS v(id uuid, status text, outcome text, grams int, acked_at timestamptz, detail jsonb)
        WHERE c.id = v.id AND c.id = ${anyOf(
          items.map((i) => i.id),
          'uuid',
        )} AND c.${NOT_ENDED}
        RETURNING c.*`,
      (ended) => ended.map((r) => fromJsonRow(deviceCommands, r)),
    );
  }

  /** Inserts a command for an enabled device; false when the device is unknown or disabled. */
  insertForEnabledDevice(row: NewCommand): Promise<boolean> {
    return this.inserts.submit(row);
  }

  /** Records a delivery attempt (only while the command is still open: an ack may already have landed). */
  async markSent(id: string, attempts: number): Promise<void> {
    await this.sends.submit({ id, attempts });
  }

  private async markSentMany(items: { id: string; attempts: number }[]): Promise<undefined[]> {
    await this.db.execute(sql`
      UPDATE ${deviceCommands} AS c SET status = 'sent', attempts = GREATEST(c.attempts, v.attempts)
      FROM jsonb_to_recordset(${recordset(items)}::jsonb) AS v(id uuid, attempts int)
      WHERE c.id = v.id AND c.id = ${anyOf(
        items.map((i) => i.id),
        'uuid',
      )} AND c.${NOT_ENDED}`);
    return items.map(() => undefined);
  }

  /** Settles an open command; false when it was already settled. */
  settle(id: string, status: 'acked' | 'failed' | 'expired', answer: CommandAnswer | null): Promise<boolean> {
    return this.settles.submit({ id, status, answer });
  }

  /**
   * An answer to a command this process is not waiting for, taken while its command expires after
   * `expiredAfter` (the late-answer window, decision 026); true when it was recorded. Still open: a stopped
   * process issued it (or another API process, which settles it the same way): the answer ends it. Expired
   * without an answer (its expiry came first: the device's answer was lost, or the process that would have heard
   * it had died, and the agent re-sent it): the answer is recorded, the status stays expired. Either way the feed
   * sweeper settles what it paid for: a feed still pending is charged for what fell (and its command then
   * acknowledged, `confirmLateIn`); one already refunded stays so, its command recording food given free. A
   * command answered before keeps its first answer, so the same answer twice records (and charges) once.
   */
  recordUnownedAnswer(
    id: string,
    deviceId: string,
    status: 'acked' | 'failed' | 'expired',
    answer: CommandAnswer,
    expiredAfter: Date,
  ): Promise<boolean> {
    return this.unowned.submit({ id, deviceId, status, answer, expiredAfter });
  }

  private async recordUnownedMany(items: UnownedAnswer[]): Promise<boolean[]> {
    const values = items.map((i) => ({
      id: i.id,
      device_id: i.deviceId,
      status: i.status,
      outcome: i.answer.outcome,
      grams: i.answer.grams,
      acked_at: i.answer.ackedAt.toISOString(),
      detail: i.answer.detail ?? null,
      after: i.expiredAfter.toISOString(),
    }));
    const result = await this.db.execute(sql`
      UPDATE ${deviceCommands} AS c
      SET status = CASE WHEN c.status = 'expired' THEN c.status ELSE v.status END,
        outcome = v.outcome, grams = v.grams, acked_at = v.acked_at, detail = v.detail
      FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(id uuid, device_id text, status text,
        outcome text, grams int, acked_at timestamptz, detail jsonb, after timestamptz)
      WHERE c.id = v.id AND c.id = ${anyOf(
        items.map((i) => i.id),
        'uuid',
      )} AND c.device_id = v.device_id AND c.expires_at > v.after
        AND (c.${NOT_ENDED} OR (c.status = 'expired' AND c.outcome IS NULL))
      RETURNING c.id`);
    const recorded = new Set(rowsOf(result).map((r) => String(r.id)));
    return items.map((i) => recorded.has(i.id));
  }

  /**
   * Acknowledges, as a part of the caller's statement, commands that had expired before their device's late
   * answer said the food fell (recordUnownedAnswer), once the feed they were for is charged for it; answers
   * those it changed (the room's grams today count them).
   */
  confirmLateIn(q: OneStatement, ids: string[]): Later<CommandRow[]> {
    return q.add(
      'command_late',
      sql`UPDATE ${deviceCommands} AS c SET status = 'acked'
        WHERE c.id = ${anyOf(ids, 'uuid')} AND c.status = 'expired' AND c.outcome = 'dispensed'
        RETURNING c.*`,
      (rows) => rows.map((r) => fromJsonRow(deviceCommands, r)),
    );
  }

  /** Expires open commands whose time has passed (left behind by a stopped process). */
  async expireOverdue(now: Date): Promise<number> {
    const rows = await this.db
      .update(deviceCommands)
      .set({ status: 'expired' })
      .where(and(inArray(deviceCommands.status, OPEN), lt(deviceCommands.expiresAt, now)))
      .returning({ id: deviceCommands.id });
    return rows.length;
  }

  async byId(id: string): Promise<CommandRow | undefined> {
    const rows = await this.db.select().from(deviceCommands).where(eq(deviceCommands.id, id)).limit(1);
    return rows[0];
  }
}
