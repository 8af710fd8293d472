import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ConsoleSupportApplication, SupportReviewStatus } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { ApplicationReview, REVIEW_COLORS } from './ApplicationReview';
import { supportLists } from './api';
import { supportKeys } from './keys';
import { useConsoleList } from '../shared/console-list';
import { FilterBar, SelectFilter, TextFilter, useFilters } from '../shared/filters';
import { ListScreen, useDetailDrawer } from '../shared/ListScreen';
import { formatTimestamp } from '../sections';
import { Ellipsis } from '../shared/cells';
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
  const filters = useFilters<AppFilters>(QUEUE);
  const drawer = useDetailDrawer<ConsoleSupportApplication>(supportKeys.all);
  const { applied } = filters;
  const list = useConsoleList({
    key: supportKeys.applications(applied, filters.page),
    endpoint: supportLists.applications,
    paging: filters,
    data: { status: statusOf(applied.status), keyword: applied.keyword.trim() },
  });
  const data = list.data;
  return (
    <ListScreen
      title={t('supportApps.title')}
      list={list}
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
      empty={t('supportApps.empty')}
      row={(a) => (
        <tr key={a.id} data-testid={`application-row-${String(a.id)}`}>
          <td>{a.id}</td>
          <td>
            <Ellipsis text={a.name} />
          </td>
          <td>
            <span className={styles.ellipsis} title={`${a.applicant} · ${a.mobile}`}>
              {a.applicant} · {a.mobile}
            </span>
          </td>
          <td>{a.application_type || '—'}</td>
          <td className={styles.numeric}>{a.animal_nums}</td>
          <td>
            <Ellipsis text={a.address} />
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
                drawer.open(a);
              }}
            >
              {a.status === 0 ? t('supportApps.review') : t('supportApps.view')}
            </Button>
          </td>
        </tr>
      )}
      drawer={drawer}
      detail={(shown) => (
        <ApplicationReview
          key={shown.id}
          application={shown}
          onClose={drawer.close}
          onChanged={(saved) => {
            drawer.open(saved);
            void drawer.refresh();
          }}
        />
      )}
    >
      <FilterBar
        filters={filters}
        onClear={() => {
          filters.apply({ status: '', keyword: '' });
        }}
        total={data ? t('supportApps.total', { count: data.total }) : null}
      >
        <SelectFilter
          label={t('supportApps.status')}
          anyLabel={t('supportApps.anyStatus')}
          {...filters.choice('status')}
          options={STATUSES.map((s) => ({ value: String(s), label: t(`supportApps.statuses.${String(s)}`) }))}
        />
        <TextFilter label={t('supportApps.keyword')} {...filters.text('keyword')} wide />
      </FilterBar>
    </ListScreen>
  );
}
