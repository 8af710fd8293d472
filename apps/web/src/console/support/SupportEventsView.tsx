import { useSearchParams } from 'react-router';
import { Button, DotLoading, Tag } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EVENT_STATUSES, type SupportEventStatus } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { formatMoney } from '../../shared/format/money';
import { useConsoleList } from '../shared/console-list';
import { FilterBar, SelectFilter, useFilters } from '../shared/filters';
import { ListScreen, useDetailDrawer } from '../shared/ListScreen';
import { formatTimestamp } from '../sections';
import { supportLists, useSupportApi } from './api';
import { supportKeys } from './keys';
import { SupportEventForm } from './SupportEventForm';
import { progressPercent } from './support-forms';
import { Ellipsis } from '../shared/cells';
import styles from '../shared/admin.module.css';
import own from '../shared/operator-console.module.css';

function isStatus(v: string): v is SupportEventStatus {
  return (SUPPORT_EVENT_STATUSES as readonly string[]).includes(v);
}

/** Points given of points wanted, as a bar and numbers. */
export function Progress({ completed, target }: { completed: number; target: number }) {
  const pct = progressPercent(completed, target);
  return (
    <span className={own.progress} title={`${String(pct)}%`}>
      <span className={own.progressBar} aria-hidden="true">
        <span style={{ width: `${String(pct)}%` }} />
      </span>
      <span className={own.progressText}>
        {completed} / {target}
      </span>
    </span>
  );
}

/** The editor of one event: loads it whole (items included), then the form. */
function EventEditor({ id, onClose, onSaved }: { id: number; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const api = useSupportApi();
  const { locale } = useLanguage();
  const { config } = useSession();
  const query = useQuery({
    queryKey: supportKeys.event(id),
    queryFn: () => api.event(id),
  });
  if (!query.data)
    return (
      <div className={styles.empty}>
        {query.isError ? (
          <>
            {t('common:loadFailed')}{' '}
            <Button size="mini" onClick={() => void query.refetch()}>
              {t('common:retry')}
            </Button>
          </>
        ) : (
          <DotLoading />
        )}
      </div>
    );
  const e = query.data;
  return (
    <SupportEventForm
      key={e.updated_at}
      mode={{ kind: 'edit', event: e }}
      intro={
        <dl className={own.facts} data-testid="event-facts">
          <dt>{t('supportEvents.station')}</dt>
          <dd>
            {e.station.name} · {t('supportEvents.application', { id: e.application_id })}
          </dd>
          <dt>{t('supportEvents.progress')}</dt>
          <dd>
            <Progress completed={e.completed} target={e.target} /> · {t('supportEvents.supporters')} {e.supporters}
          </dd>
          <dt>{t('supportEvents.raised')}</dt>
          <dd>
            {t('supportEvents.raisedValue', {
              coins: e.coins,
              money: formatMoney(e.help_pay_amount, config?.currency ?? 'CNY', locale),
            })}
          </dd>
          {e.created_by ? (
            <>
              <dt>{t('supportEvents.created')}</dt>
              <dd>
                {t('supportEvents.createdBy', {
                  name: e.created_by.email ?? e.created_by.nickname,
                  time: formatTimestamp(e.created_at, locale),
                })}
              </dd>
            </>
          ) : null}
        </dl>
      }
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** Support events: filter by live/closed (and by application, from its review), progress, edit in a drawer. */
export function SupportEventsView() {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const [params, setParams] = useSearchParams();
  const applicationId = Number(params.get('application') ?? '') || undefined;
  const filters = useFilters<{ status: string }>({ status: '' });
  const drawer = useDetailDrawer<number>(supportKeys.all);
  const { applied } = filters;
  const list = useConsoleList({
    key: supportKeys.events(applied, applicationId, filters.page),
    endpoint: supportLists.events,
    paging: filters,
    data: { status: isStatus(applied.status) ? applied.status : undefined, application_id: applicationId },
  });
  const data = list.data;
  return (
    <ListScreen
      title={t('supportEvents.title')}
      list={list}
      compact
      columns={[
        t('supportEvents.id'),
        t('supportEvents.event'),
        t('supportEvents.station'),
        t('supportEvents.progress'),
        t('supportEvents.supporters'),
        t('supportEvents.items'),
        t('supportEvents.status'),
        t('supportEvents.created'),
        t('supportEvents.actions'),
      ]}
      empty={t('supportEvents.empty')}
      row={(e) => (
        <tr key={e.id} data-testid={`event-row-${String(e.id)}`}>
          <td>{e.id}</td>
          <td>
            <Ellipsis text={e.title} />
          </td>
          <td>
            <Ellipsis text={e.station.name} />
          </td>
          <td>
            <Progress completed={e.completed} target={e.target} />
          </td>
          <td className={styles.numeric}>{e.supporters}</td>
          <td className={styles.numeric}>{e.item_count}</td>
          <td>
            <Tag color={e.status === 'live' ? 'success' : 'default'} fill="outline">
              {t(`supportEvents.statuses.${e.status}`)}
            </Tag>
          </td>
          <td>{formatTimestamp(e.created_at, locale)}</td>
          <td>
            <Button
              size="mini"
              onClick={() => {
                drawer.open(e.id);
              }}
            >
              {t('supportEvents.edit')}
            </Button>
          </td>
        </tr>
      )}
      drawer={drawer}
      detail={(id) => <EventEditor id={id} onClose={drawer.close} onSaved={drawer.done} />}
    >
      <FilterBar
        filters={filters}
        onClear={() => {
          filters.clear();
          setParams({});
        }}
        total={data ? t('supportEvents.total', { count: data.total }) : null}
      >
        <SelectFilter
          label={t('supportEvents.status')}
          anyLabel={t('supportEvents.anyStatus')}
          {...filters.choice('status')}
          options={SUPPORT_EVENT_STATUSES.map((s) => ({ value: s, label: t(`supportEvents.statuses.${s}`) }))}
        />
        {applicationId ? (
          <span className={own.chip}>
            {t('supportEvents.application', { id: applicationId })}
            <Button
              size="mini"
              fill="none"
              onClick={() => {
                setParams({});
              }}
            >
              {t('supportEvents.showAll')}
            </Button>
          </span>
        ) : null}
      </FilterBar>
    </ListScreen>
  );
}
