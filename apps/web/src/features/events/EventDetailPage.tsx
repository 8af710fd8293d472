import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Supporter, SupportEventDetail, SupportItem } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { imageUrl } from '../../shared/format';
import { useMessage } from '../../shared/i18n';
import { EVENTS_PATH, loginUrl, useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState, LangTag, PageHeader, PullToRefresh, textLang, usePagedList } from '../../shared/ui';
import { eventKey, supportApi, supportersKey, type SupportApi } from './api';
import { ItemCard } from './components/ItemCard';
import { Progress } from './components/Progress';
import { RechargePrompt, SupportSheet } from './components/SupportSheet';
import { Supporters } from './components/Supporters';
import { RECHARGE_PATH, idParam, orderConfirmPath } from './paths';
import { useGive } from './useGive';
import styles from './detail.module.css';

/**
 * /pages/beneficence/detail?id=: an event — its rescue station, progress, items (price per point, what a point
 * gives, progress, supporters) with Support (coins) and Help pay (the order confirmation), and the supporters.
 */
export default function EventDetailPage() {
  const { t } = useTranslation('events');
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  return (
    <div className={styles.page}>
      <PageHeader title={t('detail.title')} />
      {id ? <EventDetail id={id} /> : <NotFound />}
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation('events');
  const { navigateTo } = useNavigator();
  return (
    <EmptyState
      text={t('detail.notFound')}
      action={
        <button
          type="button"
          className="ph-link-button"
          onClick={() => {
            navigateTo(EVENTS_PATH);
          }}
        >
          {t('detail.backToEvents')}
        </button>
      }
    />
  );
}

function EventDetail({ id }: { id: number }) {
  const client = useApi();
  const api = useMemo(() => supportApi(client), [client]);
  const queryClient = useQueryClient();
  const { config } = useSession();
  const assetHost = config?.asset_host ?? '';
  const query = useQuery({ queryKey: eventKey(id), queryFn: () => api.event(id) });
  const fetchSupporters = useCallback((page: number, limit: number) => api.supporters(id, page, limit), [api, id]);
  const supporters = usePagedList<Supporter>({ queryKey: [...supportersKey(id)], fetchPage: fetchSupporters });
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: eventKey(id) }), supporters.refresh()]);

  if (query.isPending) {
    return (
      <div className="ph-list-footer">
        <DotLoading />
      </div>
    );
  }
  if (query.isError) return <NotFound />;
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className={styles.content}>
        <EventView event={query.data} api={api} assetHost={assetHost} />
        <Supporters list={supporters} assetHost={assetHost} />
      </div>
    </PullToRefresh>
  );
}

function EventView({ event, api, assetHost }: { event: SupportEventDetail; api: SupportApi; assetHost: string }) {
  const { t } = useTranslation('events');
  const message = useMessage();
  const { navigateTo } = useNavigator();
  const { pathname, search } = useLocation();
  const { token, user } = useSession();
  const [chosen, setChosen] = useState<SupportItem | null>(null);
  const { give, sending, askRecharge, dismissRecharge } = useGive(api, event.id);
  const live = event.status === 'live';

  const support = (item: SupportItem) => {
    if (!token) {
      navigateTo(loginUrl(pathname + search));
      return;
    }
    setChosen(item);
  };
  const confirm = (item: SupportItem, points: number) => {
    void give(item, points).then((outcome) => {
      if (outcome.kind !== 'refused') setChosen(null);
    });
  };
  const close = () => {
    setChosen(null);
  };

  return (
    <>
      <section className={styles.hero}>
        <img className={styles.heroImage} src={imageUrl(event.cover, assetHost)} alt="" />
        <span className={live ? styles.statusLive : styles.statusClosed}>
          {message(`support.event.${event.status}`)}
        </span>
      </section>
      <section className={styles.card}>
        <h2 className={styles.title}>
          <span {...textLang(event.text_lang)}>{event.title}</span>
          <LangTag lang={event.text_lang} />
        </h2>
        <Progress completed={event.completed} target={event.target} label={event.title} />
        <p className={styles.meta}>
          <span>{t('supporters', { count: event.supporters, n: event.supporters })}</span>
          <span>{t('items', { count: event.item_count, n: event.item_count })}</span>
        </p>
        {live ? null : <p className={styles.ended}>{t('detail.ended')}</p>}
      </section>
      <section className={styles.card} aria-labelledby="station-title">
        <h2 id="station-title" className={styles.sectionLabel}>
          {t('detail.station')}
        </h2>
        <p className={styles.stationName}>{event.station.name}</p>
        <p className={styles.stationLine}>{event.station.address}</p>
        <p className={styles.stationLine}>
          {t('animals', { count: event.station.animal_nums, n: event.station.animal_nums })}
        </p>
      </section>
      {event.description ? (
        <section className={styles.card} aria-labelledby="about-title">
          <h2 id="about-title" className={styles.sectionLabel}>
            {t('detail.about')}
            <LangTag lang={event.text_lang} />
          </h2>
          <p className={styles.description} {...textLang(event.text_lang)}>
            {event.description}
          </p>
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby="items-title">
        <h2 id="items-title" className={styles.sectionTitle}>
          {t('detail.items')}
        </h2>
        <div className={styles.items}>
          {event.items.map((item) => (
            <ItemCard
              key={item.id}
              item={item}
              open={live}
              onSupport={support}
              onHelpPay={(i) => {
                navigateTo(orderConfirmPath({ itemId: i.id, stationId: event.station.id }));
              }}
            />
          ))}
        </div>
      </section>
      <SupportSheet item={chosen} balance={user?.balance} sending={sending} onConfirm={confirm} onClose={close} />
      <RechargePrompt
        visible={askRecharge}
        onClose={dismissRecharge}
        onRecharge={() => {
          dismissRecharge();
          navigateTo(RECHARGE_PATH);
        }}
      />
    </>
  );
}
