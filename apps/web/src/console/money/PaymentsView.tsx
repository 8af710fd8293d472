import { useState } from 'react';
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PAYMENT_ORDER_STATUSES, PAYMENT_PROVIDERS } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { CONSOLE_PAGE_SIZE, useConsoleList } from '../shared/console-list';
import { DataTable, Drawer, ListPanel, LoadFailed } from '../shared/DataTable';
import { EMPTY_PAYMENT_FILTERS, paymentListBody } from '../shared/money-forms';
import { formatMoney } from '../../shared/format/money';
import { DateRangeFilter, FilterBar, SelectFilter, TextFilter, useFilters } from '../shared/money-ui';
import { PaymentDetail, STATUS_COLORS } from './PaymentDetail';
import { formatTimestamp } from '../sections';
import adminStyles from '../shared/admin.module.css';
import styles from '../shared/money.module.css';
import { moneyLists } from './api';
import { moneyKeys } from './keys';

/** Payment orders: search by order number, user, status, provider and dates; a paged table; details in a drawer. */
export function PaymentsView() {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const filters = useFilters(EMPTY_PAYMENT_FILTERS, (f) => {
    const body = paymentListBody(f, 1, CONSOLE_PAGE_SIZE);
    return body.ok ? undefined : body.message;
  });
  const [shown, setShown] = useState<string | null>(null);
  const request = paymentListBody(filters.applied, filters.page, CONSOLE_PAGE_SIZE);

  const list = useConsoleList({
    key: moneyKeys.payments(request),
    endpoint: moneyLists.payments,
    filters,
    data: request.ok ? request.body : {},
  });
  const data = list.data;
  const { draft, set } = filters;

  return (
    <>
      <ListPanel title={t('payments.title')} {...list.panel}>
        <FilterBar {...list.bar} total={data ? t('payments.total', { count: data.total }) : null}>
          <TextFilter
            label={t('payments.orderNo')}
            value={draft.order_no}
            onChange={(v) => {
              set('order_no', v);
            }}
          />
          <TextFilter
            label={t('payments.user')}
            placeholder={t('payments.userPlaceholder')}
            value={draft.user}
            onChange={(v) => {
              set('user', v);
            }}
            wide
          />
          <SelectFilter
            label={t('payments.status')}
            anyLabel={t('payments.anyStatus')}
            value={draft.status}
            onChange={(v) => {
              filters.apply({ ...draft, status: v });
            }}
            options={PAYMENT_ORDER_STATUSES.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) }))}
          />
          <SelectFilter
            label={t('payments.provider')}
            anyLabel={t('payments.anyProvider')}
            value={draft.provider}
            onChange={(v) => {
              filters.apply({ ...draft, provider: v });
            }}
            options={PAYMENT_PROVIDERS.map((p) => ({ value: p, label: t(`payments.providers.${p}`) }))}
          />
          <DateRangeFilter labels={{ from: t('payments.from'), to: t('payments.to') }} value={draft} onChange={set} />
        </FilterBar>
        <DataTable
          compact
          columns={[
            t('payments.orderNo'),
            t('payments.user'),
            t('payments.amount'),
            t('payments.coins'),
            t('payments.provider'),
            t('payments.status'),
            t('payments.created'),
            t('payments.paid'),
            t('payments.actions'),
          ]}
          items={data?.list}
          empty={t('payments.empty')}
          row={(o) => (
            <tr key={o.order_no} data-testid={`payment-row-${o.order_no}`}>
              <td className={styles.mono}>{o.order_no}</td>
              <td>
                <span className={adminStyles.ellipsis} title={o.user_email ?? o.user_nickname}>
                  {o.user_email ?? o.user_nickname}
                </span>
              </td>
              <td className={styles.number}>{formatMoney(o.amount, o.currency, locale)}</td>
              <td className={styles.number}>{o.coins}</td>
              <td>{t(`payments.providers.${o.provider}`)}</td>
              <td>
                <Tag color={STATUS_COLORS[o.status]} fill="outline">
                  {t(`payments.statuses.${o.status}`)}
                </Tag>
              </td>
              <td>{formatTimestamp(o.created_at, locale)}</td>
              <td>{formatTimestamp(o.paid_at, locale) ?? '—'}</td>
              <td>
                <Button
                  size="mini"
                  onClick={() => {
                    setShown(o.order_no);
                  }}
                >
                  {t('payments.view')}
                </Button>
              </td>
            </tr>
          )}
        >
          {!data && list.query.isError ? <LoadFailed onRetry={() => void list.query.refetch()} /> : null}
        </DataTable>
      </ListPanel>
      <Drawer
        open={shown !== null}
        onClose={() => {
          setShown(null);
        }}
      >
        {shown ? (
          <PaymentDetail
            orderNo={shown}
            locale={locale}
            onClose={() => {
              setShown(null);
            }}
          />
        ) : null}
      </Drawer>
    </>
  );
}
