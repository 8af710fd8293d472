import {
  DeviceAckDetailSchema,
  type CareCommandKind,
  type DeviceCareBody,
  type DeviceCareEntry,
  type DeviceCareLogData,
} from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { CareRepository, CareRow } from './care-repository';
import type { StationLink } from './ports';

/** How long a care command may wait and run: a test dispense or a calibration weighs, the rest answer at once. */
export const CARE_TTL_MS: Record<CareCommandKind, number> = {
  test_dispense: 45_000,
  calibrate: 30_000,
  tare: 15_000,
  restart: 15_000,
  report: 15_000,
  // A station away longer is told again when the operator records the refill again (the entry says expired).
  refill: 60_000,
};

const ms = (d: Date | null) => (d ? d.getTime() : null);

export function toCareEntry(row: CareRow): DeviceCareEntry {
  const {
    v: _v,
    id: _id,
    kind: _kind,
    issued_at: _i,
    expires_at: _e,
    ...params
  } = row.payload as Record<string, unknown>;
  const detail = DeviceAckDetailSchema.safeParse(row.detail);
  return {
    id: row.id,
    device_id: row.deviceId,
    kind: row.kind as CareCommandKind,
    params: Object.fromEntries(Object.entries(params).filter((e): e is [string, number] => typeof e[1] === 'number')),
    status: row.status,
    outcome: row.outcome,
    grams: row.grams,
    detail: row.detail === null || !detail.success ? null : detail.data,
    issued_by: row.issuedBy === null ? null : { id: row.issuedBy, name: row.issuerName ?? '' },
    issued_at: row.issuedAt.getTime(),
    answered_at: ms(row.ackedAt),
  };
}

/**
 * Station care from the console (issue 27 §3): tare, calibrate, test dispense, restart, report. Each command goes
 * through the device gateway like a feed's (one at a time per device, at most once, expiring), is stored with the
 * admin who sent it, and is answered here once the station answers or the command expires.
 */
export class DeviceCareService {
  constructor(private readonly deps: { link: StationLink; care: CareRepository }) {}

  async send(adminId: number, body: DeviceCareBody): Promise<DeviceCareEntry> {
    const { command } = body;
    const issued = await this.deps.link.issue(body.device_id, command, {
      ttlMs: CARE_TTL_MS[command.kind],
      issuedBy: adminId,
    });
    await issued.result;
    const row = await this.deps.care.byId(issued.id);
    if (!row) throw new AppError('not_found');
    return toCareEntry(row);
  }

  async log(q: { device_id: string; page: number; limit: number }): Promise<DeviceCareLogData> {
    const { rows, total } = await this.deps.care.list(q.device_id, q.page, q.limit);
    return { list: rows.map(toCareEntry), total, page: q.page, limit: q.limit };
  }
}
