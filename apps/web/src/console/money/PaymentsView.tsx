import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PAYMENT_ORDER_STATUSES, PAYMENT_PROVIDERS } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { checkedBy, useCheckedList } from '../shared/console-list';
import { Ellipsis } from '../shared/cells';
import { EMPTY_PAYMENT_FILTERS, paymentListBody } from '../shared/money-forms';
import { formatMoney } from '../../shared/format/money';
import { DateRangeFilter, FilterBar, SelectFilter, TextFilter, useFilters } from '../shared/filters';
import { ListScreen, useDetailDrawer } from '../shared/ListScreen';
import { PaymentDetail, STATUS_COLORS } from './PaymentDetail';
import { formatTimestamp } from '../sections';
import styles from '../shared/money.module.css';
import { moneyLists } from './api';
import { moneyKeys } from './keys';

/** Payment orders: search by order number, user, status, provider and dates; a paged table; details in a drawer. */
export function PaymentsView() {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const filters = useFilters(EMPTY_PAYMENT_FILTERS, checkedBy(paymentListBody));
  const drawer = useDetailDrawer<string>();
  const list = useCheckedList({
    key: moneyKeys.payments,
    endpoint: moneyLists.payments,
    filters,
    body: paymentListBody,
  });
  const data = list.data;
  return (
    <ListScreen
      title={t('payments.title')}
      list={list}
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
      empty={t('payments.empty')}
      row={(o) => (
        <tr key={o.order_no} data-testid={`payment-row-${o.order_no}`}>
          <td className={styles.mono}>{o.order_no}</td>
          <td>
            <Ellipsis text={o.user_email ?? o.user_nickname} />
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
                drawer.open(o.order_no);
              }}
            >
              {t('payments.view')}
            </Button>
          </td>
        </tr>
      )}
      drawer={drawer}
      detail={(orderNo) => <PaymentDetail orderNo={orderNo} locale={locale} onClose={drawer.close} />}
    >
      <FilterBar filters={filters} total={data ? t('payments.total', { count: data.total }) : null}>
        <TextFilter label={t('payments.orderNo')} {...filters.text('order_no')} />
        <TextFilter
          label={t('payments.user')}
          placeholder={t('payments.userPlaceholder')}
          {...filters.text('user')}
          wide
        />
        <SelectFilter
          label={t('payments.status')}
          anyLabel={t('payments.anyStatus')}
          {...filters.choice('status')}
          options={PAYMENT_ORDER_STATUSES.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) }))}
        />
        <SelectFilter
          label={t('payments.provider')}
          anyLabel={t('payments.anyProvider')}
          {...filters.choice('provider')}
          options={PAYMENT_PROVIDERS.map((p) => ({ value: p, label: t(`payments.providers.${p}`) }))}
        />
        <DateRangeFilter
          labels={{ from: t('payments.from'), to: t('payments.to') }}
          value={filters.draft}
          onChange={filters.set}
        />
      </FilterBar>
    </ListScreen>
  );
}
