import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, DotLoading, Tag } from 'antd-mobile';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EVENT_STATUSES, type SupportEventStatus } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { DataTable, Drawer, ListPanel, LoadFailed } from '../shared/DataTable';
import { formatMoney } from '../../shared/format/money';
import { FilterBar, SelectFilter, useFilters } from '../shared/money-ui';
import { formatTimestamp, pageCount } from '../sections';
import { useSupportApi } from './api';
import { supportKeys } from './keys';
import { SupportEventForm } from './SupportEventForm';
import { progressPercent } from './support-forms';
import styles from '../shared/admin.module.css';
import own from '../shared/operator-console.module.css';

const LIMIT = 10;

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
  const api = useSupportApi();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const applicationId = Number(params.get('application') ?? '') || undefined;
  const filters = useFilters<{ status: string }>({ status: '' }, () => undefined);
  const [editing, setEditing] = useState<number | null>(null);
  const { applied, draft } = filters;
  const list = useQuery({
    queryKey: supportKeys.events(applied, applicationId, filters.page),
    queryFn: () =>
      api.events({
        page: filters.page,
        limit: LIMIT,
        ...(isStatus(applied.status) ? { status: applied.status } : {}),
        ...(applicationId ? { application_id: applicationId } : {}),
      }),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const close = () => {
    setEditing(null);
  };
  return (
    <>
      <ListPanel
        title={t('supportEvents.title')}
        page={filters.page}
        pages={pageCount(data?.total ?? 0, LIMIT)}
        onPage={filters.setPage}
      >
        <FilterBar
          onSearch={() => {
            filters.apply();
          }}
          onClear={() => {
            filters.clear();
            setParams({});
          }}
          total={data ? t('supportEvents.total', { count: data.total }) : null}
          error={filters.error}
        >
          <SelectFilter
            label={t('supportEvents.status')}
            anyLabel={t('supportEvents.anyStatus')}
            value={draft.status}
            onChange={(v) => {
              filters.apply({ status: v });
            }}
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
        <DataTable
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
          items={data?.list}
          empty={t('supportEvents.empty')}
          row={(e) => (
            <tr key={e.id} data-testid={`event-row-${String(e.id)}`}>
              <td>{e.id}</td>
              <td>
                <span className={styles.ellipsis} title={e.title}>
                  {e.title}
                </span>
              </td>
              <td>
                <span className={styles.ellipsis} title={e.station.name}>
                  {e.station.name}
                </span>
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
                    setEditing(e.id);
                  }}
                >
                  {t('supportEvents.edit')}
                </Button>
              </td>
            </tr>
          )}
        >
          {!data && list.isError ? <LoadFailed onRetry={() => void list.refetch()} /> : null}
        </DataTable>
      </ListPanel>
      <Drawer open={editing !== null} onClose={close}>
        {editing !== null ? (
          <EventEditor
            id={editing}
            onClose={close}
            onSaved={() => {
              setEditing(null);
              void queryClient.invalidateQueries({ queryKey: supportKeys.all });
            }}
          />
        ) : null}
      </Drawer>
    </>
  );
}
