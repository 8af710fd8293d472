import type { Report, ReportCreateBody } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import { seconds } from '../../lib/time';
import type { DeviceRepository } from '../device/repository';
import type { ReportRepository, ReportRow } from './repository';

export interface ReportServiceDeps {
  reports: ReportRepository;
  devices: Pick<DeviceRepository, 'byId'>;
  clock: Clock;
  /** Prefixes of the addresses this server gives uploads (asset host, public URL); stripped to the path. */
  publicBases: string[];
}

export function toReport(r: ReportRow): Report {
  return {
    id: r.id,
    device_id: r.deviceId,
    reason: r.reason,
    images: r.images,
    status: r.status,
    created_at: seconds(r.createdAt),
  };
}

/** Problem reports from a live room, about its device. */
export class ReportService {
  constructor(private readonly deps: ReportServiceDeps) {}

  /**
   * Files a report. Images must be the reporter's own uploads (POST /api/common/upload): a path
   * `/uploads/…` or the full address the upload answered; they are stored as paths.
   */
  async create(userId: number, body: ReportCreateBody): Promise<Report> {
    if (!(await this.deps.devices.byId(body.device_id))) throw new AppError('not_found');
    const images = [...new Set(body.images.map((url) => this.uploadPath(url)))];
    if (images.some((p) => p === null)) throw new AppError('validation_failed');
    const paths = images.filter((p): p is string => p !== null);
    const owned = await this.deps.reports.uploadedBy(userId, paths);
    if (paths.some((p) => !owned.has(p))) throw new AppError('validation_failed');
    const row = await this.deps.reports.insert({
      userId,
      deviceId: body.device_id,
      reason: body.reason,
      images: paths,
      createdAt: this.deps.clock.now(),
    });
    return toReport(row);
  }

  /** The upload path of an image address, or null when it is not one this server issues. */
  private uploadPath(url: string): string | null {
    let path = url;
    for (const base of this.deps.publicBases) {
      if (base && url.startsWith(`${base}/`)) {
        path = url.slice(base.length);
        break;
      }
    }
    return /^\/uploads\/[A-Za-z0-9/_.-]+$/.test(path) && !path.includes('..') ? path : null;
  }
}
