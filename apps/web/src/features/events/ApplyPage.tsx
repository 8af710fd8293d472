import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SupportApplication } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useMessage } from '../../shared/i18n';
import { PageHeader, PullToRefresh, toast, usePagedList } from '../../shared/ui';
import { APPLICATIONS_KEY, mapsApi, supportApi } from './api';
import { ApplyForm } from './components/ApplyForm';
import { MyApplications } from './components/MyApplications';
import styles from './apply.module.css';

type View = 'apply' | 'mine';

/**
 * /pages/beneficence/apply (login required): the support application, and the user's applications with their
 * review state and reason (`?view=mine`; shown after a submit).
 */
export default function ApplyPage() {
  const { t } = useTranslation('events');
  const message = useMessage();
  const client = useApi();
  const api = useMemo(() => supportApi(client), [client]);
  const maps = useMemo(() => mapsApi(client), [client]);
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'mine' ? 'mine' : 'apply';
  const applications = usePagedList<SupportApplication>({
    queryKey: [...APPLICATIONS_KEY],
    fetchPage: api.applications,
    enabled: view === 'mine',
  });
  const show = (next: View) => {
    setParams(next === 'mine' ? { view: 'mine' } : {}, { replace: true });
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('applyPage.title')} />
      <div className={styles.tabs} role="tablist">
        {(['apply', 'mine'] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            className={view === v ? styles.tabOn : styles.tab}
            onClick={() => {
              show(v);
            }}
          >
            {t(v === 'apply' ? 'applyPage.tabApply' : 'applyPage.tabMine')}
          </button>
        ))}
      </div>
      {view === 'apply' ? (
        <div className={styles.content} role="tabpanel">
          <p className={styles.intro}>{t('applyPage.intro')}</p>
          <ApplyForm
            api={api}
            maps={maps}
            onApplied={() => {
              toast(message('ok.applied'));
              void applications.refresh();
              show('mine');
            }}
          />
        </div>
      ) : (
        <PullToRefresh onRefresh={applications.refresh}>
          <div className={styles.content} role="tabpanel" data-testid="my-applications">
            <MyApplications list={applications} />
          </div>
        </PullToRefresh>
      )}
    </div>
  );
}
