import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImpactData, ImpactItem } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { formatCount, formatWeight } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { EmptyState, PageHeader, PagedList, PullToRefresh, toast, usePagedList } from '../../shared/ui';
import { IMPACT_KEY, impactApi } from './api';
import { copyText } from './copy';
import { ImpactItemRow } from './ImpactItemRow';
import styles from './impact.module.css';

type Summary = Pick<ImpactData, 'totals' | 'pseudonym'>;

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <div className={styles.figure}>
      <strong>{value}</strong>
      <span>{label}</span>
    </div>
  );
}

/**
 * /pages/mine/impact (login required), "My impact": what the user's coins paid for — each feed (grams the scale
 * measured, device, base, time, its proof clip) and each gift or help-pay (the request and its base), newest
 * first — with totals that are the certificate's, and the pseudonym that names the user in monthly statements.
 */
export default function ImpactPage() {
  const { t } = useTranslation('impact');
  const { locale } = useLanguage();
  const { navigateTo } = useNavigator();
  const client = useApi();
  const api = useMemo(() => impactApi(client), [client]);
  const [summary, setSummary] = useState<Summary | null>(null);
  const fetchPage = useCallback(
    async (page: number, limit: number) => {
      const data = await api.page(page, limit);
      if (page === 1) setSummary({ totals: data.totals, pseudonym: data.pseudonym });
      return data;
    },
    [api],
  );
  const list = usePagedList<ImpactItem>({ queryKey: [...IMPACT_KEY], fetchPage });
  const openFeed = useCallback(
    (feedId: string) => {
      navigateTo(`/pages/history/history?id=${encodeURIComponent(feedId)}`);
    },
    [navigateTo],
  );
  const totals = summary?.totals;
  const copy = async () => {
    if (!summary) return;
    toast((await copyText(summary.pseudonym)) ? t('pseudonym.copied') : t('pseudonym.copyFailed'));
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} />
      <PullToRefresh onRefresh={list.refresh}>
        <div className={styles.content}>
          {totals && (
            <section className={styles.summary} aria-label={t('summary')} data-testid="impact-summary">
              <div className={styles.figures}>
                <Figure value={formatWeight(totals.grams, locale)} label={t('totals.grams')} />
                <Figure value={formatCount(totals.feeds, locale)} label={t('totals.feeds')} />
                <Figure value={formatCount(totals.animals_helped, locale)} label={t('totals.animals')} />
                <Figure value={formatCount(totals.days_joined, locale)} label={t('totals.days')} />
              </div>
              <p className={styles.spent}>
                {t('totals.spent', { feeds: totals.feed_coins, gifts: totals.gift_coins + totals.help_pay_coins })}
              </p>
              <p className={styles.note}>{t('totals.sameAsCertificate')}</p>
              <div className={styles.noteAction}>
                <button
                  type="button"
                  className="ph-link-button"
                  onClick={() => {
                    navigateTo('/pages/certificate/certificate');
                  }}
                >
                  {t('certificate')}
                </button>
              </div>
              {summary.pseudonym && (
                <div className={styles.pseudonym}>
                  <span>{t('pseudonym.label')}</span>
                  <code data-testid="impact-pseudonym">{summary.pseudonym}</code>
                  <button type="button" className="ph-link-button" onClick={() => void copy()}>
                    {t('pseudonym.copy')}
                  </button>
                  <p className={styles.note}>{t('pseudonym.hint')}</p>
                </div>
              )}
            </section>
          )}
          {list.rows.length === 0 && !list.loading && !list.error ? (
            <EmptyState
              text={t('empty')}
              action={
                <button
                  type="button"
                  className="ph-link-button"
                  onClick={() => {
                    navigateTo('/pages/index/index');
                  }}
                >
                  {t('goFeed')}
                </button>
              }
            />
          ) : (
            <PagedList
              list={list}
              className={styles.list}
              keyOf={(item) => `${item.kind}:${item.id}`}
              renderItem={(item) => <ImpactItemRow item={item} onOpenFeed={openFeed} />}
            />
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
