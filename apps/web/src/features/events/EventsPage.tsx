import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportEventSummary } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useMessage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState, PageHeader, PagedList, PullToRefresh, usePagedList } from '../../shared/ui';
import { EVENTS_KEY, supportApi } from './api';
import { EventCard } from './components/EventCard';
import { ACCOUNT_PATH, APPLY_PATH } from './paths';
import styles from './events.module.css';

/**
 * Events tab (/pages/beneficence/beneficence, spec §2): the support events with their progress (live first,
 * newest first), pull-down refresh and more on reach-bottom, the empty state, and a way to apply for support.
 */
export default function EventsPage() {
  const { t } = useTranslation('events');
  const message = useMessage();
  const client = useApi();
  const api = useMemo(() => supportApi(client), [client]);
  const { navigateTo } = useNavigator();
  const { config } = useSession();
  const assetHost = config?.asset_host ?? '';
  const list = usePagedList<SupportEventSummary>({ queryKey: [...EVENTS_KEY], fetchPage: api.events });
  return (
    <>
      <PageHeader title={t('title')} back={false} />
      <PullToRefresh onRefresh={list.refresh}>
        <div className={styles.page} data-testid="events-list">
          <section className={styles.intro}>
            <p>{t('intro')}</p>
            <button
              type="button"
              className={styles.applyButton}
              onClick={() => {
                navigateTo(APPLY_PATH);
              }}
            >
              {t('apply')}
            </button>
            <button
              type="button"
              className={styles.accountButton}
              onClick={() => {
                navigateTo(ACCOUNT_PATH);
              }}
            >
              {t('account')}
            </button>
          </section>
          {list.rows.length === 0 && !list.loading && !list.error ? (
            <EmptyState text={message('empty.noEvents')} />
          ) : (
            <PagedList
              list={list}
              className={styles.list}
              keyOf={(e) => e.id}
              renderItem={(e) => <EventCard event={e} assetHost={assetHost} />}
            />
          )}
        </div>
      </PullToRefresh>
    </>
  );
}
