import { Button } from 'antd-mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../sections';
import adminStyles from '../shared/admin.module.css';
import styles from '../shared/money.module.css';
import { useMoneyApi } from './api';
import { moneyKeys } from './keys';

/** How often the panel asks for the latest result (the API runs the check by itself every 10 minutes). */
const REFRESH_MS = 60_000;

/** The ledger invariant checker's latest result (OK or its problems, counts, when) and "Run now". */
export function LedgerCheck({ locale }: { locale: string }) {
  const { t } = useTranslation('admin');
  const money = useMoneyApi();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: moneyKeys.ledgerCheck,
    queryFn: () => money.ledgerCheck(),
    refetchInterval: REFRESH_MS,
  });
  const run = useMutation({
    mutationFn: () => money.runLedgerCheck(),
    onSuccess: (next) => {
      queryClient.setQueryData(moneyKeys.ledgerCheck, next);
    },
  });
  const latest = state.data?.latest ?? null;
  const badge = !latest ? styles.checkNone : latest.ok ? styles.checkOk : styles.checkBad;

  return (
    <section className={`${adminStyles.panel ?? ''} ${styles.section ?? ''}`} aria-labelledby="ledger-check-title">
      <div className={styles.sectionHead}>
        <h2 id="ledger-check-title">{t('ledger.check.title')}</h2>
      </div>
      <div className={styles.check}>
        <output className={`${styles.checkBadge ?? ''} ${badge ?? ''}`} data-testid="ledger-check-status">
          {!latest
            ? t('ledger.check.never')
            : latest.ok
              ? t('ledger.check.ok')
              : t('ledger.check.problems', { count: latest.problem_count })}
        </output>
        <div className={styles.checkText}>
          {latest ? (
            <>
              <span>
                {t('ledger.check.checkedAt', {
                  time: formatTimestamp(latest.checked_at, locale),
                  trigger: t(`ledger.check.${latest.trigger}`),
                  ms: latest.duration_ms,
                })}
              </span>
              <span>
                {t('ledger.check.counts', {
                  transactions: latest.transactions,
                  entries: latest.entries,
                  accounts: latest.accounts,
                  holds: latest.pending_holds,
                })}
              </span>
            </>
          ) : null}
          {state.data ? (
            <span>{t('ledger.check.every', { minutes: Math.round(state.data.interval_s / 60) })}</span>
          ) : null}
        </div>
        <Button
          color="primary"
          size="small"
          loading={run.isPending}
          onClick={() => {
            run.mutate();
          }}
        >
          {t('ledger.check.run')}
        </Button>
      </div>
      {latest && latest.problems.length > 0 ? (
        <ul className={styles.problems}>
          {latest.problems.slice(0, 20).map((p, i) => (
            <li key={i} className={styles.mono}>
              {p.code}: {p.detail}
            </li>
          ))}
          {latest.problem_count > 20 ? <li>{t('ledger.check.more', { count: latest.problem_count - 20 })}</li> : null}
        </ul>
      ) : null}
    </section>
  );
}
