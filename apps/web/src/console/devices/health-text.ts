import { useTranslation } from 'react-i18next';
import type { DeviceAlert, DeviceHealth, DeviceRefill } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';

/** A station clock further off than this, either way, is flagged: its commands are judged by its clock. */
export const SKEW_WARN_MS = 10_000;

type TagColor = 'default' | 'primary' | 'success' | 'danger' | 'warning';

/** How a refill's status shows as a tag. */
export const REFILL_COLORS: Record<DeviceRefill['status'], TagColor> = {
  sent: 'primary',
  applied: 'success',
  failed: 'danger',
  expired: 'warning',
};

/** A refill the station did not take (the hopper's estimate does not have it): it must be recorded again. */
export const notTaken = (r: Pick<DeviceRefill, 'status'>) => r.status === 'failed' || r.status === 'expired';

/** The hopper's fill, 0–100 % (an estimate may pass its capacity), or null while the capacity is unknown. */
export function hopperPercent(h: Pick<DeviceHealth, 'food_stock' | 'hopper_capacity'>): number | null {
  if (h.hopper_capacity === null || h.hopper_capacity <= 0) return null;
  return Math.min(100, Math.max(0, Math.round((h.food_stock / h.hopper_capacity) * 100)));
}

/** A station's health in words: the hopper, the food left, failures, the camera, the clock, alerts. */
export function useHealthText() {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const num = (n: number, digits = 0) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
  return {
    num,
    hopper: (h: DeviceHealth) => {
      const percent = hopperPercent(h);
      return percent === null || h.hopper_capacity === null
        ? t('health.hopperOnly', { stock: num(h.food_stock) })
        : t('health.hopperOf', { stock: num(h.food_stock), capacity: num(h.hopper_capacity), percent });
    },
    foodLeft: (h: DeviceHealth) =>
      h.days_left === null
        ? t('health.notEnough')
        : t('health.daysLeft', { count: h.days_left, days: num(h.days_left, 1), perDay: num(h.grams_per_day) }),
    failures: (h: DeviceHealth) =>
      `${t('health.jams', { count: h.jams_24h })} · ${t('health.failed', { count: h.failed_24h })}`,
    camera: (h: DeviceHealth) => {
      if (!h.camera_online) return t('health.cameraOffline');
      if (h.camera_fps === null && h.camera_kbps === null) return t('health.cameraNoFigures');
      const fps = h.camera_fps === null ? '—' : num(h.camera_fps, 1);
      const kbps = h.camera_kbps === null ? '—' : num(h.camera_kbps);
      return t('health.cameraRates', { fps, kbps });
    },
    /** The skew is the station's clock minus the server's. */
    clock: (skewMs: number | null) => {
      if (skewMs === null) return t('health.clockUnknown');
      if (Math.abs(skewMs) < 1000) return t('health.clockInStep');
      const seconds = num(Math.abs(skewMs) / 1000, 1);
      return skewMs > 0 ? t('health.clockAhead', { seconds }) : t('health.clockBehind', { seconds });
    },
    alertKind: (a: Pick<DeviceAlert, 'kind'>) => t(`alerts.kind.${a.kind}`),
    /** What opened the alert, when it says: the grams left (hopper), the command that jammed. */
    alertDetail: (a: Pick<DeviceAlert, 'kind' | 'detail'>) => {
      const { grams, command_id: command } = a.detail;
      if (a.kind === 'hopper_low' && typeof grams === 'number') return t('alerts.gramsLeft', { grams: num(grams) });
      if (a.kind === 'jam' && command !== undefined) return t('alerts.jamCommand', { id: String(command) });
      return '';
    },
    refillStatus: (r: Pick<DeviceRefill, 'status'>) => t(`health.refillStatus.${r.status}`),
  };
}
