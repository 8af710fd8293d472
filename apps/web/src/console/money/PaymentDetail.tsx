import { Button, DotLoading, Tag } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConsolePaymentOrder, PaymentNotificationLog } from '@petheart/contracts';
import { formatMoney } from '../../shared/format/money';
import { DetailList } from '../shared/detail';
import { Entries } from '../shared/money-ui';
import { formatTimestamp } from '../sections';
import adminStyles from '../shared/admin.module.css';
import styles from '../shared/money.module.css';
import { useMoneyApi } from './api';
import { moneyKeys } from './keys';

export const STATUS_COLORS: Record<ConsolePaymentOrder['status'], 'default' | 'success' | 'danger' | 'warning'> = {
  created: 'warning',
  paid: 'success',
  failed: 'danger',
  closed: 'default',
};

function Notification({ n, locale }: { n: PaymentNotificationLog; locale: string }) {
  const { t } = useTranslation('admin');
  return (
    <tr>
      <td>{formatTimestamp(n.received_at, locale)}</td>
      <td>
        <Tag color={n.verified ? 'success' : 'danger'} fill="outline">
          {n.verified ? t('payments.verified') : t('payments.rejected')}
        </Tag>
      </td>
      <td className={styles.mono}>{n.outcome}</td>
      <td className={styles.number}>{n.deliveries}</td>
      <td className={styles.wrap}>
        <span className={styles.mono}>{n.event_id ?? '—'}</span>
        <details>
          <summary>{t('payments.body')}</summary>
          <pre className={styles.raw}>
            {Object.entries(n.headers)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n')}
            {'\n\n'}
            {n.body}
          </pre>
        </details>
      </td>
    </tr>
  );
}

/** A payment order in the drawer: its fields, the ledger credit, and every notification about it. */
export function PaymentDetail({ orderNo, locale, onClose }: { orderNo: string; locale: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const money = useMoneyApi();
  const query = useQuery({
    queryKey: moneyKeys.payment(orderNo),
    queryFn: () => money.payment(orderNo),
  });
  const detail = query.data;
  const o = detail?.order;
  const rows: [string, string][] = o
    ? [
        [t('payments.orderNo'), o.order_no],
        [t('payments.status'), t(`payments.statuses.${o.status}`)],
        [t('payments.user'), `${o.user_email ?? o.user_nickname} (ID ${String(o.user_id)})`],
        [t('payments.amount'), formatMoney(o.amount, o.currency, locale)],
        [t('payments.coins'), String(o.coins)],
        [t('payments.purpose'), t(`payments.purposes.${o.purpose}`)],
        [t('payments.package'), o.package_id === null ? '—' : String(o.package_id)],
        [t('payments.provider'), t(`payments.providers.${o.provider}`)],
        [t('payments.providerTransaction'), o.provider_transaction_id ?? '—'],
        [t('payments.failureReason'), o.failure_reason ?? '—'],
        [t('payments.created'), formatTimestamp(o.created_at, locale) ?? ''],
        [t('payments.paid'), formatTimestamp(o.paid_at, locale) ?? '—'],
        [t('payments.updated'), formatTimestamp(o.updated_at, locale) ?? ''],
      ]
    : [];
  return (
    <div className={adminStyles.form}>
      <h2 className={adminStyles.formTitle}>{t('payments.detailTitle', { orderNo })}</h2>
      <div className={adminStyles.formBody}>
        {!detail ? (
          <div className={adminStyles.empty}>{query.isError ? t('common:loadFailed') : <DotLoading />}</div>
        ) : (
          <>
            <DetailList rows={rows} />
            <div className={styles.detailBlock}>
              <h3>{t('payments.credit')}</h3>
              {detail.ledger_transaction ? (
                <>
                  <div className={styles.mono}>
                    #{detail.ledger_transaction.id} · {detail.ledger_transaction.idempotency_key} ·{' '}
                    {formatTimestamp(detail.ledger_transaction.created_at, locale)}
                  </div>
                  <Entries entries={detail.ledger_transaction.entries} locale={locale} />
                </>
              ) : (
                <div className={styles.hint}>{t('payments.noCredit')}</div>
              )}
            </div>
            <div className={styles.detailBlock}>
              <h3>{t('payments.notifications')}</h3>
              {detail.notifications.length === 0 ? (
                <div className={styles.hint}>{t('payments.noNotifications')}</div>
              ) : (
                <table className={`${adminStyles.table ?? ''} ${adminStyles.compact ?? ''}`} style={{ minWidth: 0 }}>
                  <thead>
                    <tr>
                      <th>{t('payments.received')}</th>
                      <th>{t('payments.verified')}</th>
                      <th>{t('payments.outcome')}</th>
                      <th>{t('payments.deliveries')}</th>
                      <th>{t('payments.eventId')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.notifications.map((n) => (
                      <Notification key={n.id} n={n} locale={locale} />
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          </>
        )}
      </div>
      <div className={adminStyles.formFooter}>
        <Button onClick={onClose}>{t('shared.close')}</Button>
      </div>
    </div>
  );
}
