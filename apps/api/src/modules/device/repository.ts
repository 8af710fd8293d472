import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DeviceState } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { anyOf, fromJsonRow, OneStatement } from '../../db/one-statement';
import { recordset } from '../../db/rows';
import { bases, devices } from '../../db/schema';

export type DeviceRow = typeof devices.$inferSelect;
export type NewDevice = typeof devices.$inferInsert;
export type DeviceWithBase = DeviceRow & { baseName: string };

export type DevicePatch = Partial<Pick<DeviceRow, 'baseId' | 'name' | 'revenueShareBp' | 'portions' | 'dailyGramCap'>>;
/** A patch that changes what the station enforces (portions, daily cap) raises its config version. */
const changesConfig = (patch: DevicePatch) => patch.portions !== undefined || patch.dailyGramCap !== undefined;

const withBase = { ...getTableColumns(devices), baseName: bases.name };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class DeviceRepository {
  constructor(private readonly db: Database) {}

  /** Devices deployed: provisioned and not disabled. */
  async countDeployed(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(devices).where(eq(devices.disabled, false));
    return row?.n ?? 0;
  }

  /** What the broker needs to admit a device. */
  async credentials(id: string): Promise<{ secretHash: string; disabled: boolean } | undefined> {
    const rows = await this.db
      .select({ secretHash: devices.secretHash, disabled: devices.disabled })
      .from(devices)
      .where(eq(devices.id, id))
      .limit(1);
    return rows[0];
  }

  async byId(id: string): Promise<DeviceWithBase | undefined> {
    const rows = await this.db
      .select(withBase)
      .from(devices)
      .innerJoin(bases, eq(bases.id, devices.baseId))
      .where(eq(devices.id, id))
      .limit(1);
    return rows[0];
  }

  async list(q: {
    page: number;
    limit: number;
    baseId?: number | undefined;
    keyword?: string | undefined;
  }): Promise<{ rows: DeviceWithBase[]; total: number }> {
    const conditions: SQL[] = [];
    if (q.baseId !== undefined) conditions.push(eq(devices.baseId, q.baseId));
    if (q.keyword) {
      const like = `%${escapeLike(q.keyword)}%`;
      const match = or(ilike(devices.id, like), ilike(devices.name, like), ilike(bases.name, like));
      if (match) conditions.push(match);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, totals] = await Promise.all([
      this.db
        .select(withBase)
        .from(devices)
        .innerJoin(bases, eq(bases.id, devices.baseId))
        .where(where)
        .orderBy(asc(devices.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db.select({ n: count() }).from(devices).innerJoin(bases, eq(bases.id, devices.baseId)).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  /** Enabled devices of these bases, by id. */
  async enabledOfBases(baseIds: number[]): Promise<DeviceRow[]> {
    if (baseIds.length === 0) return [];
    return this.db
      .select()
      .from(devices)
      .where(and(inArray(devices.baseId, baseIds), eq(devices.disabled, false)))
      .orderBy(asc(devices.id));
  }

  /** Inserts a device; undefined when the id is taken. */
  async insert(device: NewDevice): Promise<DeviceRow | undefined> {
    const rows = await this.db.insert(devices).values(device).onConflictDoNothing().returning();
    return rows[0];
  }

  /** The next free automatic id, PH-0001 style. */
  async nextAutoId(): Promise<string> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(sql`${devices.id} ~ '^PH-[0-9]+$'`)
      .orderBy(desc(sql`length(${devices.id})`), desc(devices.id))
      .limit(1);
    const last = rows[0] ? Number(rows[0].id.slice(3)) : 0;
    return `PH-${String(last + 1).padStart(4, '0')}`;
  }

  async update(id: string, patch: DevicePatch & { secretHash?: string; disabled?: boolean }): Promise<boolean> {
    const bump = changesConfig(patch) ? { configVersion: sql`${devices.configVersion} + 1` } : {};
    const rows = await this.db
      .update(devices)
      .set({ ...patch, ...bump })
      .where(eq(devices.id, id))
      .returning({ id: devices.id });
    return rows.length > 0;
  }

  /** Raises the configuration version of the devices that offer the default portions (they changed); their ids. */
  async bumpConfigOfDefaultPortions(): Promise<string[]> {
    const rows = await this.db
      .update(devices)
      .set({ configVersion: sql`${devices.configVersion} + 1` })
      .where(isNull(devices.portions))
      .returning({ id: devices.id });
    return rows.map((r) => r.id);
  }

  /** The devices whose camera is online now (the nginx media engine reconciles them with its origin). */
  async onlineCameraIds(): Promise<string[]> {
    const rows = await this.db.select({ id: devices.id }).from(devices).where(eq(devices.cameraOnline, true));
    return rows.map((r) => r.id);
  }

  /**
   * Marks every camera offline (an embedded media server that has just started has no stream published); the
   * ones that were online went offline now, as far as anyone can tell.
   */
  async markAllCamerasOffline(now?: Date): Promise<void> {
    await this.db
      .update(devices)
      .set({ cameraOnline: false, cameraOfflineAt: now ?? sql`now()` })
      .where(eq(devices.cameraOnline, true));
  }

  /**
   * The media server's word on a camera: publishing (online) or not. Online counts as being seen (last seen,
   * first_online_at the first time); going offline is dated (camera_offline_at). Undefined for an unknown device.
   */
  async setCameraOnline(id: string, online: boolean, now: Date): Promise<DeviceRow | undefined> {
    const rows = await this.db
      .update(devices)
      .set(
        online
          ? {
              cameraOnline: true,
              lastSeenAt: now,
              firstOnlineAt: sql`COALESCE(${devices.firstOnlineAt}, ${now.toISOString()}::timestamptz)`,
              cameraOfflineAt: null,
            }
          : {
              cameraOnline: false,
              cameraOfflineAt: sql`CASE WHEN ${devices.cameraOnline} THEN ${now.toISOString()}::timestamptz
                ELSE ${devices.cameraOfflineAt} END`,
            },
      )
      .where(eq(devices.id, id))
      .returning();
    return rows[0];
  }

  /** Marks every device offline (an embedded broker that has just started has no devices connected). */
  async markAllOffline(now?: Date): Promise<void> {
    const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    await this.db
      .update(devices)
      .set({
        feederOnline: false,
        cameraOnline: false,
        cameraOfflineAt: sql`CASE WHEN ${devices.cameraOnline} THEN ${at} ELSE ${devices.cameraOfflineAt} END`,
      })
      .where(or(eq(devices.feederOnline, true), eq(devices.cameraOnline, true)));
  }

  /**
   * Applies devices' state reports (the gateway's batches; one report per device, its latest) in one
   * statement: online flags (the camera's only when `camera`, dating its going offline), food stock, firmware,
   * last seen, first online. Returns the devices' rows as they are now (unknown devices are left out).
   */
  async applyStates(
    states: { id: string; state: DeviceState }[],
    now: Date,
    options: { camera: boolean } = { camera: true },
  ): Promise<DeviceRow[]> {
    if (states.length === 0) return [];
    const values = recordset(
      states.map(({ id, state }) => ({
        id,
        online: state.online,
        feeder: state.feeder_online,
        camera: state.camera_online,
        stock: state.food_stock,
        firmware: state.firmware,
        config: state.config_version ?? null,
        capacity: state.hopper_capacity ?? null,
        fps: state.camera_fps ?? null,
        kbps: state.camera_kbps ?? null,
        skew: state.clock_skew_ms ?? null,
      })),
    );
    const at = now.toISOString();
    // The update answers the rows it changed (one statement, not an update and a read).
    const q = new OneStatement();
    const changed = q.add(
      'device_states',
      sql`UPDATE ${devices} AS d SET
        feeder_online = v.online AND v.feeder,
        camera_online = CASE WHEN ${options.camera} THEN v.online AND v.camera ELSE d.camera_online END,
        camera_offline_at = CASE WHEN NOT ${options.camera} THEN d.camera_offline_at
          WHEN v.online AND v.camera THEN NULL
          WHEN d.camera_online THEN ${at}::timestamptz ELSE d.camera_offline_at END,
        food_stock = v.stock, firmware = v.firmware, last_seen_at = ${at}::timestamptz,
        config_running = COALESCE(v.config, d.config_running),
        hopper_capacity = COALESCE(v.capacity, d.hopper_capacity), camera_fps = v.fps, camera_kbps = v.kbps,
        clock_skew_ms = COALESCE(v.skew, d.clock_skew_ms),
        first_online_at = CASE WHEN v.online THEN COALESCE(d.first_online_at, ${at}::timestamptz)
          ELSE d.first_online_at END
      FROM jsonb_to_recordset(${values}::jsonb)
        AS v(id text, online boolean, feeder boolean, camera boolean, stock int, firmware text, config int,
          capacity int, fps double precision, kbps int, skew int)
      WHERE d.id = v.id AND d.id = ${anyOf(
        states.map((st) => st.id),
        'text',
      )}
      RETURNING d.*`,
      (rows) => rows.map((r) => fromJsonRow(devices, r)),
    );
    await q.run(this.db);
    return changed();
  }
}
