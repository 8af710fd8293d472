import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DeviceAlert, DeviceRefill } from '@petheart/contracts';
import { useCareText } from './care-text';
import { REFILL_COLORS, notTaken, useHealthText } from './health-text';
import { RefillForm } from './RefillForm';
import own from './device-care.module.css';

/** The station's open alerts: what, what opened it, and since when. */
export function HealthAlerts({ alerts }: { alerts: readonly DeviceAlert[] }) {
  const { t } = useTranslation('admin');
  const text = useHealthText();
  const care = useCareText();
  return (
    <div className={own.healthList}>
      <h3 id="health-alerts-title" className={own.cardTitle}>
        {t('health.alerts')}
      </h3>
      {alerts.length ? (
        <ul aria-labelledby="health-alerts-title">
          {alerts.map((a) => {
            const detail = text.alertDetail(a);
            return (
              <li key={a.id} data-testid={`health-alert-${String(a.id)}`}>
                <Tag color={a.kind === 'hopper_low' ? 'warning' : 'danger'} fill="outline">
                  {text.alertKind(a)}
                </Tag>{' '}
                {detail ? `${detail} · ` : null}
                {t('health.since', { when: care.when(a.opened_at) })}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={own.none}>{t('health.noAlerts')}</p>
      )}
    </div>
  );
}

/** The station's last refills (grams, who, when, whether the station took it), then the form that records one. */
export function HealthRefills({ deviceId, refills }: { deviceId: string; refills: readonly DeviceRefill[] }) {
  const { t } = useTranslation('admin');
  const text = useHealthText();
  const care = useCareText();
  return (
    <div className={own.healthList}>
      <h3 id="health-refills-title" className={own.cardTitle}>
        {t('health.refills')}
      </h3>
      {refills.length ? (
        <ul aria-labelledby="health-refills-title">
          {refills.map((r) => (
            <li key={r.id} data-testid={`refill-${String(r.id)}`}>
              {t('health.refill', {
                grams: text.num(r.grams),
                who: r.recorded_by ?? '—',
                when: care.when(r.created_at),
              })}{' '}
              <Tag color={REFILL_COLORS[r.status]} fill="outline">
                {text.refillStatus(r)}
              </Tag>
              {notTaken(r) ? <span className={own.again}>{t('health.refillAgain')}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={own.none}>{t('health.noRefills')}</p>
      )}
      <RefillForm deviceId={deviceId} />
    </div>
  );
}
