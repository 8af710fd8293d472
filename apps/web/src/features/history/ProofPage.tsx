import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../shared/api';
import { formatWeight } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { EmptyState, PageHeader } from '../../shared/ui';
import { historyApi, proofKey } from './api';
import { ProofClip } from './components/ProofClip';
import { PROOF_REFRESH_MS, feedIdOf, proofNeedsRefresh } from './proof';
import styles from './history.module.css';
import { PlaceActions } from './components/PlaceActions';

/** A succeeded feed's public proof: who fed, how much fell, where and when, and the clip. */
function ProofView({ id }: { id: string }) {
  const { t } = useTranslation('history');
  const { locale } = useLanguage();
  const client = useApi();
  const api = useMemo(() => historyApi(client), [client]);
  const cache = useQueryClient();
  const query = useQuery({
    queryKey: proofKey(id),
    queryFn: () => api.proof(id),
    refetchInterval: (q) =>
      proofNeedsRefresh(q.state.data?.proof, q.state.dataUpdateCount) ? PROOF_REFRESH_MS : false,
  });
  // Answers so far (reading dataUpdatedAt re-renders on every answer, the same data included).
  const polls = query.dataUpdatedAt > 0 ? (cache.getQueryState(proofKey(id))?.dataUpdateCount ?? 0) : 0;
  if (query.isError) return <EmptyState text={t('proof.notFound')} />;
  const proof = query.data;
  if (!proof)
    return (
      <div className="ph-list-footer">
        <DotLoading /> {t('common:loading')}
      </div>
    );
  return (
    <article className={styles.receipt} data-testid="public-proof">
      <header className={`${styles.receiptHead} ${styles.head_fed ?? ''}`}>
        <h2 className={styles.receiptTitle}>
          {t('proof.headline', { name: proof.nickname, weight: formatWeight(proof.grams_dispensed, locale) })}
        </h2>
        <p className={styles.receiptNote}>{t('proof.note')}</p>
      </header>
      <section className={styles.proofSection} aria-label={t('proof.title')}>
        <ProofClip
          proof={proof.proof}
          facts={{
            grams: proof.grams_dispensed,
            deviceName: proof.device_name,
            baseName: proof.base_name,
            fedAt: proof.fed_at,
          }}
          polling={proofNeedsRefresh(proof.proof, polls)}
          onRetry={() => void query.refetch()}
        />
      </section>
      <PlaceActions baseId={proof.base_id} deviceId={proof.device_id} liveLabel={t('proof.watch')} />
    </article>
  );
}

/** /pages/public/proof?id=FEED_ID (anyone, tourists too): a shared feed's proof (issue 28 §1). */
export default function ProofPage() {
  const { t } = useTranslation('history');
  const [params] = useSearchParams();
  const id = feedIdOf(params.get('id'));
  return (
    <div className={styles.page}>
      <PageHeader title={t('proof.pageTitle')} />
      <div className={styles.content}>
        {id === null ? <EmptyState text={t('proof.notFound')} /> : <ProofView key={id} id={id} />}
      </div>
    </div>
  );
}
