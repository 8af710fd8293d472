import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { FeedReceipt } from '@petheart/contracts';
import { formatWeight } from '../../../shared/format';
import { useLanguage, useMessage } from '../../../shared/i18n';
import { EmptyState } from '../../../shared/ui';
import { receiptKey, type HistoryApi } from '../api';
import { PROOF_REFRESH_MS, proofNeedsRefresh } from '../proof';
import { RECEIPT_REFRESH_MS, failureMessage, feedCost, feedTone, formatDateTime, needsRefresh } from '../receipt';
import { FeedStatusIcon } from './FeedStatusIcon';
import { ProofActions } from './ProofActions';
import { ProofClip } from './ProofClip';
import styles from '../history.module.css';
import { PlaceActions } from './PlaceActions';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.field}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/**
 * The receipt of one feed: how it ended (and, when it failed, why and that nothing was charged), the clip of its food
 * falling once it succeeded (issue 28 §1), then its facts.
 */
function Receipt({
  feed,
  api,
  polling,
  onRetry,
}: {
  feed: FeedReceipt;
  api: HistoryApi;
  polling: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('history');
  const message = useMessage();
  const { locale } = useLanguage();
  const tone = feedTone(feed);
  const cost = feedCost(feed);
  const reason = failureMessage(feed);
  const weight = (g: number) => formatWeight(g, locale);
  return (
    <article className={styles.receipt} data-testid="receipt" data-status={feed.status}>
      <header className={`${styles.receiptHead} ${styles[`head_${tone}`] ?? ''}`}>
        <FeedStatusIcon tone={tone} className={styles.receiptIcon} />
        <h2 className={styles.receiptTitle}>
          {tone === 'fed' ? t('headline.fed', { weight: weight(feed.grams_dispensed) }) : t(`headline.${tone}`)}
        </h2>
        {reason ? (
          <p className={styles.receiptNote} data-testid="receipt-reason">
            {message(reason)} <strong>{message('feed.notCharged')}</strong>
          </p>
        ) : tone === 'open' ? (
          <p className={styles.receiptNote}>{t('openHint')}</p>
        ) : null}
        <p className={styles.receiptAmount} data-testid="receipt-charged">
          {cost.kind === 'notCharged' ? t('cost.notCharged') : t(`cost.${cost.kind}`, { count: cost.coins })}
        </p>
      </header>
      {feed.proof && (
        <section className={styles.proofSection} aria-label={t('proof.title')}>
          <ProofClip
            proof={feed.proof}
            facts={{
              grams: feed.grams_dispensed,
              deviceName: feed.device_name,
              baseName: feed.base_name,
              fedAt: feed.settled_at ?? feed.created_at,
            }}
            polling={polling}
            onRetry={onRetry}
          />
          <ProofActions feed={feed} api={api} />
        </section>
      )}
      <div className={styles.tear} aria-hidden="true" />
      <dl className={styles.fields}>
        <Field label={t('field.status')}>{t(`status.${feed.status}`)}</Field>
        {reason && <Field label={t('field.reason')}>{message(reason)}</Field>}
        <Field label={t('field.device')} testId="receipt-device">
          {feed.device_name}
          <span className={styles.fieldSub}>{feed.device_id}</span>
        </Field>
        <Field label={t('field.base')} testId="receipt-base">
          {feed.base_name}
        </Field>
        <Field label={t('field.asked')}>{weight(feed.grams)}</Field>
        <Field label={t('field.dispensed')} testId="receipt-dispensed">
          {tone === 'open' ? '–' : weight(feed.grams_dispensed)}
        </Field>
        <Field label={t('field.price')}>{t('coins', { count: feed.coins })}</Field>
        <Field label={t('field.charged')}>
          {cost.kind === 'charged' ? t('coins', { count: cost.coins }) : t('cost.notCharged')}
        </Field>
        <Field label={t('field.createdAt')}>{formatDateTime(feed.created_at, locale)}</Field>
        <Field label={t('field.settledAt')}>
          {feed.settled_at === null ? '–' : formatDateTime(feed.settled_at, locale)}
        </Field>
        <Field label={t('field.id')} testId="receipt-id">
          <span className={styles.mono}>{feed.id}</span>
        </Field>
      </dl>
      <PlaceActions baseId={feed.base_id} deviceId={feed.device_id} liveLabel={t('feedAgain')} />
    </article>
  );
}

/**
 * A receipt by id: asked again every few seconds while the feed is open, then a few more times while its clip is
 * being prepared.
 */
export function ReceiptView({ id, api }: { id: string; api: HistoryApi }) {
  const { t } = useTranslation('history');
  const client = useQueryClient();
  const query = useQuery({
    queryKey: receiptKey(id),
    queryFn: () => api.detail(id),
    refetchInterval: (q) =>
      needsRefresh(q.state.data)
        ? RECEIPT_REFRESH_MS
        : proofNeedsRefresh(q.state.data?.proof, q.state.dataUpdateCount)
          ? PROOF_REFRESH_MS
          : false,
  });
  // Answers so far (reading dataUpdatedAt re-renders on every answer, the same data included).
  const polls = query.dataUpdatedAt > 0 ? (client.getQueryState(receiptKey(id))?.dataUpdateCount ?? 0) : 0;
  if (query.data)
    return (
      <Receipt
        feed={query.data}
        api={api}
        polling={proofNeedsRefresh(query.data.proof, polls)}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.isError) return <EmptyState text={t('notFound')} />;
  return (
    <div className="ph-list-footer">
      <DotLoading /> {t('common:loading')}
    </div>
  );
}
