import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bases, deviceAlerts, deviceCommands, deviceRefills, devices, users } from '../../db/schema';
import { rowsOf } from '../../db/rows';

const DAY_MS = 86_400_000;
/** A feeder or camera offline this long opens an alert. */
export const OFFLINE_ALERT_MS = 5 * 60_000;

export type DeviceRow = typeof devices.$inferSelect;
export type AlertRow = typeof deviceAlerts.$inferSelect & { deviceName: string };
export type RefillRow = typeof deviceRefills.$inferSelect & {
  recordedByName: string | null;
  commandStatus: string | null;
};

export interface HealthFigures {
  device: DeviceRow;
  baseName: string;
  operatorId: number | null;
  grams7d: number;
  jams24h: number;
  failed24h: number;
}

/** A station's health, alerts and refills (issue 27 §4). */
export class StationCareRepository {
  constructor(private readonly db: Database) {}

  async health(deviceId: string, now: Date): Promise<HealthFigures | undefined> {
    const week = new Date(now.getTime() - 7 * DAY_MS).toISOString();
    const day = new Date(now.getTime() - DAY_MS).toISOString();
    const [row] = await this.db
      .select({
        device: devices,
        baseName: bases.name,
        operatorId: bases.operatorId,
        grams7d: sql<number>`(SELECT coalesce(sum(c.grams), 0)::int FROM ${deviceCommands} c
          WHERE c.device_id = ${devices.id} AND c.kind IN ('dispense', 'test_dispense')
            AND c.outcome = 'dispensed' AND c.issued_at > ${week}::timestamptz)`,
        jams24h: sql<number>`(SELECT count(*)::int FROM ${deviceCommands} c
          WHERE c.device_id = ${devices.id} AND c.outcome = 'jammed' AND c.issued_at > ${day}::timestamptz)`,
        failed24h: sql<number>`(SELECT count(*)::int FROM ${deviceCommands} c
          WHERE c.device_id = ${devices.id} AND c.kind IN ('dispense', 'test_dispense')
            AND c.outcome IN ('failed', 'empty') AND c.issued_at > ${day}::timestamptz)`,
      })
      .from(devices)
      .innerJoin(bases, eq(bases.id, devices.baseId))
      .where(eq(devices.id, deviceId))
      .limit(1);
    return row;
  }

  async openAlerts(deviceId: string): Promise<AlertRow[]> {
    const rows = await this.db
      .select({ alert: deviceAlerts, deviceName: devices.name })
      .from(deviceAlerts)
      .innerJoin(devices, eq(devices.id, deviceAlerts.deviceId))
      .where(and(eq(deviceAlerts.deviceId, deviceId), isNull(deviceAlerts.resolvedAt)))
      .orderBy(desc(deviceAlerts.openedAt));
    return rows.map((r) => ({ ...r.alert, deviceName: r.deviceName }));
  }

  /** Alerts, newest first: open ones only or all; of one operator's bases, or of every base. */
  async alerts(q: { open: boolean; page: number; limit: number; operatorId?: number }) {
    const where = and(
      q.open ? isNull(deviceAlerts.resolvedAt) : undefined,
      q.operatorId === undefined ? undefined : eq(bases.operatorId, q.operatorId),
    );
    const from = this.db
      .select({ alert: deviceAlerts, deviceName: devices.name })
      .from(deviceAlerts)
      .innerJoin(devices, eq(devices.id, deviceAlerts.deviceId))
      .innerJoin(bases, eq(bases.id, devices.baseId));
    const [rows, [total]] = await Promise.all([
      from
        .where(where)
        .orderBy(desc(deviceAlerts.openedAt), desc(deviceAlerts.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db
        .select({ n: count() })
        .from(deviceAlerts)
        .innerJoin(devices, eq(devices.id, deviceAlerts.deviceId))
        .innerJoin(bases, eq(bases.id, devices.baseId))
        .where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r.alert, deviceName: r.deviceName })), total: total?.n ?? 0 };
  }

  async refills(deviceId: string, limit: number): Promise<RefillRow[]> {
    const rows = await this.db
      .select({ refill: deviceRefills, recordedByName: users.nickname, commandStatus: deviceCommands.status })
      .from(deviceRefills)
      .leftJoin(users, eq(users.id, deviceRefills.recordedBy))
      .leftJoin(deviceCommands, sql`${deviceCommands.id}::text = ${deviceRefills.commandId}`)
      .where(eq(deviceRefills.deviceId, deviceId))
      .orderBy(desc(deviceRefills.createdAt), desc(deviceRefills.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.refill, recordedByName: r.recordedByName, commandStatus: r.commandStatus }));
  }

  async addRefill(row: typeof deviceRefills.$inferInsert): Promise<number> {
    const [added] = await this.db.insert(deviceRefills).values(row).returning({ id: deviceRefills.id });
    return added?.id ?? 0;
  }

  async refillById(id: number): Promise<RefillRow | undefined> {
    const [row] = await this.db
      .select({ refill: deviceRefills, recordedByName: users.nickname, commandStatus: deviceCommands.status })
      .from(deviceRefills)
      .leftJoin(users, eq(users.id, deviceRefills.recordedBy))
      .leftJoin(deviceCommands, sql`${deviceCommands.id}::text = ${deviceRefills.commandId}`)
      .where(eq(deviceRefills.id, id))
      .limit(1);
    return row && { ...row.refill, recordedByName: row.recordedByName, commandStatus: row.commandStatus };
  }

  /**
   * Opens the alerts whose condition holds (a feeder or camera offline for 5 minutes, a hopper below its
   * threshold) and resolves those whose condition ended (a jam: food fell since); one open alert per device and
   * kind. Answers the ids of the alerts it opened.
   */
  async sweep(now: Date): Promise<number[]> {
    const at = now.toISOString();
    const since = new Date(now.getTime() - OFFLINE_ALERT_MS).toISOString();
    await this.db.execute(sql`
      UPDATE ${deviceAlerts} a SET resolved_at = ${at}::timestamptz
      FROM ${devices} d
      WHERE a.device_id = d.id AND a.resolved_at IS NULL AND (d.disabled
        OR (a.kind = 'feeder_offline' AND d.feeder_online)
        OR (a.kind = 'camera_offline' AND d.camera_online)
        OR (a.kind = 'hopper_low' AND d.food_stock >= d.hopper_alert_grams)
        OR (a.kind = 'jam' AND EXISTS (SELECT 1 FROM ${deviceCommands} c
          WHERE c.device_id = a.device_id AND c.outcome = 'dispensed' AND c.acked_at > a.opened_at)))`);
    const opened = await this.db.execute(sql`
      INSERT INTO ${deviceAlerts} (device_id, kind, opened_at, detail)
      SELECT d.id, k.kind, ${at}::timestamptz, k.detail
      FROM ${devices} d
      CROSS JOIN LATERAL (VALUES
        ('feeder_offline', NOT d.feeder_online AND d.last_seen_at < ${since}::timestamptz, '{}'::jsonb),
        ('camera_offline', NOT d.camera_online AND d.camera_offline_at < ${since}::timestamptz, '{}'::jsonb),
        ('hopper_low', d.food_stock < d.hopper_alert_grams, jsonb_build_object('grams', d.food_stock))
      ) AS k(kind, due, detail)
      WHERE k.due AND NOT d.disabled AND d.first_online_at IS NOT NULL
      ON CONFLICT (device_id, kind) WHERE resolved_at IS NULL DO NOTHING
      RETURNING id`);
    return rowsOf(opened).map((r) => Number(r.id));
  }

  /** A dispense jammed: a jam alert opens (one per device until a dispense falls again); its id, if it opened. */
  async openJam(deviceId: string, commandId: string, now: Date): Promise<number[]> {
    const opened = await this.db.execute(sql`
      INSERT INTO ${deviceAlerts} (device_id, kind, opened_at, detail)
      VALUES (${deviceId}, 'jam', ${now.toISOString()}::timestamptz, jsonb_build_object('command_id', ${commandId}::text))
      ON CONFLICT (device_id, kind) WHERE resolved_at IS NULL DO NOTHING
      RETURNING id`);
    return rowsOf(opened).map((r) => Number(r.id));
  }
}
