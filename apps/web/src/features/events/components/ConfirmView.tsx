import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ApiError, useApi } from '../../../shared/api';
import { formatCoins, formatMoney } from '../../../shared/format/money';
import { EVENTS_PATH, useNavigator } from '../../../shared/navigation';
import { useLanguage } from '../../../shared/i18n';
import { usePayFlow } from '../../../shared/pay';
import { EmptyState, LangTag, textLang } from '../../../shared/ui';
import { orderConfirmKey, supportApi } from '../api';
import { clampPoints, maxPoints } from '../support';
import { useMessageWith } from '../useMessageWith';
import { PointsStepper } from './PointsStepper';
import styles from '../order.module.css';

/** Why the order cannot be confirmed, in the page's words (other refusals show the server's message). */
const REFUSALS = {
  support_event_closed: 'order.closed',
  support_item_full: 'order.full',
  not_found: 'order.missing',
} as const;

/** What a help-pay pays and to whom, the points, and Pay. */
export function ConfirmView({
  itemId,
  stationId,
  initialPoints,
}: {
  itemId: number;
  stationId: number;
  initialPoints: number;
}) {
  const { t } = useTranslation('events');
  const messageWith = useMessageWith();
  const { locale } = useLanguage();
  const { navigateTo } = useNavigator();
  const client = useApi();
  const api = useMemo(() => supportApi(client), [client]);
  const [, setParams] = useSearchParams();
  const [points, setPoints] = useState(initialPoints);
  const body = { id: itemId, rescue_station_id: stationId, points };
  const query = useQuery({
    queryKey: orderConfirmKey(body),
    queryFn: () => api.orderConfirm(body),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const place = useCallback(
    () => api.helpPay({ id: itemId, rescue_station_id: stationId, points }),
    [api, itemId, stationId, points],
  );
  const paid = useCallback(
    (orderNo: string) => {
      setParams(
        {
          id: String(itemId),
          rescue_station_id: String(stationId),
          points: String(points),
          order_no: orderNo,
        },
        { replace: true },
      );
    },
    [setParams, itemId, stationId, points],
  );
  const { pay, paying } = usePayFlow(place, paid, t('order.result.cancelled'));

  if (query.isPending) {
    return (
      <div className="ph-list-footer">
        <DotLoading />
      </div>
    );
  }
  if (query.isError) {
    const error = query.error;
    const id = error instanceof ApiError ? error.errorId : undefined;
    const known = id && id in REFUSALS ? REFUSALS[id as keyof typeof REFUSALS] : null;
    return (
      <EmptyState
        text={known ? t(known) : error instanceof ApiError ? error.message : t('common:loadFailed')}
        action={
          <button
            type="button"
            className="ph-link-button"
            onClick={() => {
              navigateTo(EVENTS_PATH);
            }}
          >
            {t('order.backToEvents')}
          </button>
        }
      />
    );
  }

  const data = query.data;
  const price = formatMoney(data.amount, data.currency, locale);
  const max = Math.max(1, maxPoints(data.item));
  return (
    <>
      <div className={styles.content}>
        <section className={styles.card} aria-labelledby="pay-to">
          <h2 id="pay-to" className={styles.label}>
            {t('order.payTo')}
          </h2>
          <p className={styles.station} data-testid="pay-to">
            {data.station.name}
          </p>
          <p className={styles.line}>{data.station.address}</p>
          <p className={styles.line}>
            {t('animals', { count: data.station.animal_nums, n: data.station.animal_nums })}
          </p>
        </section>
        <section className={styles.card}>
          <dl className={styles.rows}>
            <dt>{t('order.event')}</dt>
            <dd>
              <span {...textLang(data.event.text_lang)}>{data.event.title}</span>
              <LangTag lang={data.event.text_lang} />
            </dd>
            <dt>{t('order.item')}</dt>
            <dd>
              <span className={styles.itemTitle}>{data.item.title}</span>
              <span className={styles.gift}>{t('detail.gift', { gift: data.item.gift })}</span>
            </dd>
            <dt>{t('order.price')}</dt>
            <dd>{messageWith('support.perPoint', { price: formatCoins(data.item.price, locale) })}</dd>
            <dt>
              <label htmlFor="order-points">{t('order.points')}</label>
            </dt>
            <dd>
              <PointsStepper
                id="order-points"
                value={points}
                max={max}
                onChange={(p) => {
                  setPoints(clampPoints(p, max));
                }}
              />
              <span className={styles.gift}>{t('sheet.remaining', { n: formatCoins(data.remaining, locale) })}</span>
            </dd>
            <dt>{t('order.value')}</dt>
            <dd data-testid="order-coins">{t('coins', { count: data.coins, n: formatCoins(data.coins, locale) })}</dd>
          </dl>
        </section>
        <p className={styles.note}>{t('order.note')}</p>
      </div>
      <div className={styles.bar}>
        <div className={styles.amount}>
          <span className={styles.amountLabel}>{t('order.amount')}</span>
          <strong className={styles.amountValue} data-testid="order-amount">
            {price}
          </strong>
        </div>
        <Button
          color="primary"
          shape="rounded"
          size="large"
          className={styles.pay}
          loading={paying || query.isFetching}
          onClick={() => {
            void pay();
          }}
        >
          {t('order.pay', { price })}
        </Button>
      </div>
    </>
  );
}
