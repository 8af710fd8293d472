import { useState } from 'react';
import { Button, Tag } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { supportConsoleEndpoints, type ConsoleSupportApplication, type SupportReviewStatus } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { ApplicationReview, REVIEW_COLORS } from './ApplicationReview';
import { supportKeys } from './keys';
import { useConsoleList } from '../shared/console-list';
import { DataTable, Drawer, ListPanel, LoadFailed } from '../shared/DataTable';
import { FilterBar, SelectFilter, TextFilter, useFilters } from '../shared/money-ui';
import { formatTimestamp } from '../sections';
import styles from '../shared/admin.module.css';

const STATUSES: readonly SupportReviewStatus[] = [0, 1, 2];

interface AppFilters {
  status: string;
  keyword: string;
}
/** The queue opens on the applications waiting for review (oldest first, as the API orders them). */
const QUEUE: AppFilters = { status: '0', keyword: '' };

function statusOf(v: string): SupportReviewStatus | undefined {
  return STATUSES.find((s) => String(s) === v);
}

/**
 * Support applications: filter by review state and text, review one in a drawer (approve, or reject with a
 * reason the applicant sees), and publish support events for an approved one.
 */
export function SupportApplicationsView() {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const filters = useFilters<AppFilters>(QUEUE, () => undefined);
  const [shown, setShown] = useState<ConsoleSupportApplication | null>(null);
  const { applied, draft, set } = filters;
  const status = statusOf(applied.status);
  const list = useConsoleList({
    key: supportKeys.applications(applied, filters.page),
    endpoint: supportConsoleEndpoints.applications,
    filters,
    data: {
      ...(status !== undefined ? { status } : {}),
      ...(applied.keyword.trim() ? { keyword: applied.keyword.trim() } : {}),
    },
  });
  const data = list.data;
  const close = () => {
    setShown(null);
  };
  return (
    <>
      <ListPanel title={t('supportApps.title')} {...list.panel}>
        <FilterBar
          {...list.bar}
          onClear={() => {
            filters.apply({ status: '', keyword: '' });
          }}
          total={data ? t('supportApps.total', { count: data.total }) : null}
        >
          <SelectFilter
            label={t('supportApps.status')}
            anyLabel={t('supportApps.anyStatus')}
            value={draft.status}
            onChange={(v) => {
              filters.apply({ ...draft, status: v });
            }}
            options={STATUSES.map((s) => ({ value: String(s), label: t(`supportApps.statuses.${String(s)}`) }))}
          />
          <TextFilter
            label={t('supportApps.keyword')}
            value={draft.keyword}
            onChange={(v) => {
              set('keyword', v);
            }}
            wide
          />
        </FilterBar>
        <DataTable
          compact
          columns={[
            t('supportApps.id'),
            t('supportApps.shelter'),
            t('supportApps.applicant'),
            t('supportApps.type'),
            t('supportApps.animals'),
            t('supportApps.address'),
            t('supportApps.status'),
            t('supportApps.submitted'),
            t('supportApps.actions'),
          ]}
          items={data?.list}
          empty={t('supportApps.empty')}
          row={(a) => (
            <tr key={a.id} data-testid={`application-row-${String(a.id)}`}>
              <td>{a.id}</td>
              <td>
                <span className={styles.ellipsis} title={a.name}>
                  {a.name}
                </span>
              </td>
              <td>
                <span className={styles.ellipsis} title={`${a.applicant} · ${a.mobile}`}>
                  {a.applicant} · {a.mobile}
                </span>
              </td>
              <td>{a.application_type || '—'}</td>
              <td className={styles.numeric}>{a.animal_nums}</td>
              <td>
                <span className={styles.ellipsis} title={a.address}>
                  {a.address}
                </span>
              </td>
              <td>
                <Tag color={REVIEW_COLORS[a.status]} fill="outline">
                  {t(`supportApps.statuses.${String(a.status)}`)}
                </Tag>
              </td>
              <td>{formatTimestamp(a.created_at, locale)}</td>
              <td>
                <Button
                  size="mini"
                  color={a.status === 0 ? 'primary' : 'default'}
                  onClick={() => {
                    setShown(a);
                  }}
                >
                  {a.status === 0 ? t('supportApps.review') : t('supportApps.view')}
                </Button>
              </td>
            </tr>
          )}
        >
          {!data && list.query.isError ? <LoadFailed onRetry={() => void list.query.refetch()} /> : null}
        </DataTable>
      </ListPanel>
      <Drawer open={shown !== null} onClose={close}>
        {shown ? (
          <ApplicationReview
            key={shown.id}
            application={shown}
            onClose={close}
            onChanged={(saved) => {
              setShown(saved);
              void queryClient.invalidateQueries({ queryKey: supportKeys.all });
            }}
          />
        ) : null}
      </Drawer>
    </>
  );
}
