import type { AdminReport } from '@petheart/contracts';
import { seconds } from '../../lib/time';
import type { ReportView } from './report-repository';

export function toAdminReport(v: ReportView): AdminReport {
  const r = v.report;
  return {
    id: r.id,
    device_id: r.deviceId,
    reason: r.reason,
    images: r.images,
    status: r.status,
    created_at: seconds(r.createdAt),
    reporter: { id: v.reporter.id, nickname: v.reporter.nickname, avatar: v.reporter.avatar },
    device_name: v.device.name,
    base_id: v.device.baseId,
    base_name: v.device.baseName,
    note: r.remark,
    resolved_by: v.resolver,
    resolved_at: r.resolvedAt ? seconds(r.resolvedAt) : null,
  };
}
