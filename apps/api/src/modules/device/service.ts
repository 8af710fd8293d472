import type {
  AdminDevice,
  AdminDeviceListData,
  AdminDeviceUpdateBody,
  DeviceCredentials,
  DeviceProvisionBody,
} from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import type { BaseRepository } from '../base/repository';
import type { BrokerAccounts, DeviceSessionControl } from './ports';
import { toAdminDevice } from './presenter';
import type { DevicePatch, DeviceRepository } from './repository';
import { generateDeviceSecret, hashDeviceSecret } from './secrets';

export interface DeviceAdminServiceDeps {
  devices: DeviceRepository;
  bases: BaseRepository;
  sessions: DeviceSessionControl;
  /** Where a device connects (shown with its secret): the broker, and the camera's RTMP publish address. */
  endpoints: (
    deviceId: string,
    secret: string,
  ) => { broker_url: string; rtmp_url: string | null; media_ingest: string | null; install_command: string };
  /** Sends a station the configuration it should run (its portions and daily cap), after a change. */
  configs?: { publish(deviceId: string): Promise<void> };
  /** An external broker's own account store (Mosquitto's password file), when there is one. */
  brokerAccounts?: BrokerAccounts | undefined;
  clock: Clock;
}

/** The operator console's devices: list with live state, provision, update, rotate the secret, disable, enable. */
export class DeviceAdminService {
  constructor(private readonly deps: DeviceAdminServiceDeps) {}

  async list(q: {
    page: number;
    limit: number;
    base_id?: number | undefined;
    keyword?: string | undefined;
  }): Promise<AdminDeviceListData> {
    const { rows, total } = await this.deps.devices.list({ ...q, baseId: q.base_id });
    const now = this.deps.clock.now();
    return { list: rows.map((r) => toAdminDevice(r, now)), total, page: q.page, limit: q.limit };
  }

  /** Creates a device and answers its secret, this once (only an argon2 hash is kept). */
  async provision(body: DeviceProvisionBody): Promise<DeviceCredentials> {
    await this.requireBase(body.base_id);
    const secret = generateDeviceSecret();
    const secretHash = await hashDeviceSecret(secret);
    // An automatic id can lose a race with another console: take the next one. Each round of a race has a
    // winner, so a request loses at most as often as others provision at the same moment.
    for (let attempt = 0; attempt < 20; attempt++) {
      const id = body.device_id ?? (await this.deps.devices.nextAutoId());
      const row = await this.deps.devices.insert({
        id,
        baseId: body.base_id,
        name: body.name,
        secretHash,
        revenueShareBp: body.revenue_share_bp,
        portions: body.portions,
        ...(body.daily_gram_cap === undefined ? {} : { dailyGramCap: body.daily_gram_cap }),
      });
      if (row) {
        await this.deps.brokerAccounts?.set(row.id, secret);
        await this.publishConfig(row.id);
        return { device: await this.detail(row.id), secret, ...this.deps.endpoints(row.id, secret) };
      }
      if (body.device_id) break;
    }
    throw new AppError('device_exists');
  }

  async update(body: AdminDeviceUpdateBody): Promise<AdminDevice> {
    if (body.base_id !== undefined) await this.requireBase(body.base_id);
    const patch: DevicePatch = {};
    if (body.base_id !== undefined) patch.baseId = body.base_id;
    if (body.name !== undefined) patch.name = body.name;
    if (body.revenue_share_bp !== undefined) patch.revenueShareBp = body.revenue_share_bp;
    if (body.portions !== undefined) patch.portions = body.portions;
    if (body.daily_gram_cap !== undefined) patch.dailyGramCap = body.daily_gram_cap;
    if (Object.keys(patch).length > 0 && !(await this.deps.devices.update(body.device_id, patch)))
      throw new AppError('not_found');
    if (patch.portions !== undefined || patch.dailyGramCap !== undefined) await this.publishConfig(body.device_id);
    return this.detail(body.device_id);
  }

  /** The station hears its new configuration now if it is connected; otherwise when it next reports (ConfigSync). */
  private async publishConfig(deviceId: string): Promise<void> {
    await this.deps.configs?.publish(deviceId).catch(() => undefined);
  }

  /** A new secret, shown once; the old one stops working at once (cache included, live session closed). */
  async rotate(deviceId: string): Promise<DeviceCredentials> {
    const secret = generateDeviceSecret();
    const updated = await this.deps.devices.update(deviceId, { secretHash: await hashDeviceSecret(secret) });
    if (!updated) throw new AppError('not_found');
    await this.deps.brokerAccounts?.set(deviceId, secret);
    this.deps.sessions.revoke(deviceId);
    return { device: await this.detail(deviceId), secret, ...this.deps.endpoints(deviceId, secret) };
  }

  async disable(deviceId: string): Promise<AdminDevice> {
    if (!(await this.deps.devices.update(deviceId, { disabled: true }))) throw new AppError('not_found');
    await this.deps.brokerAccounts?.setEnabled(deviceId, false);
    this.deps.sessions.revoke(deviceId);
    return this.detail(deviceId);
  }

  async enable(deviceId: string): Promise<AdminDevice> {
    if (!(await this.deps.devices.update(deviceId, { disabled: false }))) throw new AppError('not_found');
    await this.deps.brokerAccounts?.setEnabled(deviceId, true);
    return this.detail(deviceId);
  }

  private async detail(deviceId: string): Promise<AdminDevice> {
    const row = await this.deps.devices.byId(deviceId);
    if (!row) throw new AppError('not_found');
    return toAdminDevice(row, this.deps.clock.now());
  }

  private async requireBase(id: number): Promise<void> {
    if (!(await this.deps.bases.byId(id))) throw new AppError('not_found');
  }
}
