import type { DeviceListData, DevicePortion, Locale } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { toBase } from '../base/presenter';
import type { BaseRepository } from '../base/repository';
import { toPublicDevice } from './presenter';
import type { DeviceRepository } from './repository';

export interface DeviceCatalogDeps {
  devices: DeviceRepository;
  bases: BaseRepository;
  /** The configured portions, for devices without their own. */
  defaultPortions: () => Promise<DevicePortion[]>;
  clock: Clock;
}

/** The public device lists: bases with their enabled devices and live state. */
export class DeviceCatalogService {
  constructor(private readonly deps: DeviceCatalogDeps) {}

  /** `reader`: base texts in their language where translated (issue 29 §5). */
  async list(
    q: {
      page: number;
      limit: number;
      keyword?: string | undefined;
      latitude?: number | undefined;
      longitude?: number | undefined;
    },
    reader: Locale,
  ): Promise<DeviceListData> {
    const near =
      q.latitude !== undefined && q.longitude !== undefined
        ? { latitude: q.latitude, longitude: q.longitude }
        : undefined;
    const { rows, total } = await this.deps.bases.withEnabledDevices({ ...q, near });
    const [devices, portions] = await Promise.all([
      this.deps.devices.enabledOfBases(rows.map((b) => b.id)),
      this.deps.defaultPortions(),
    ]);
    const now = this.deps.clock.now();
    return {
      list: rows.map((b) => ({
        ...toBase(b, reader),
        distance: b.distance,
        devices: devices.filter((d) => d.baseId === b.id).map((d) => toPublicDevice(d, now, portions)),
      })),
      total,
      page: q.page,
      limit: q.limit,
    };
  }
}
