import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cashout } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { formatMoney } from '../../shared/format/money';
import { useLanguage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { EmptyState, PageHeader, PagedList, PullToRefresh, confirmDialog, toast, usePagedList } from '../../shared/ui';
import { CASH_OUT_PATH, LOG_KEY, cashoutApi } from './api';
import { CashoutRow } from './components/CashoutRow';
import { LoadFailure } from './components/LoadFailure';
import styles from './cashout.module.css';

/**
 * /pages/cashOut/log (login required, base operators): every cash-out, newest first, with amount, fee, net
 * amount and status; pull-down refresh and more on reach-bottom; the empty state leads to the form.
 */
export default function CashOutLogPage() {
  const { t } = useTranslation('cashout');
  const { locale } = useLanguage();
  const client = useApi();
  const api = useMemo(() => cashoutApi(client), [client]);
  const { navigateTo } = useNavigator();
  const log = usePagedList<Cashout>({ queryKey: [...LOG_KEY], fetchPage: api.log });
  const { refresh } = log;

  const claim = useCallback(
    async (c: Cashout) => {
      const net = formatMoney(c.net_amount, c.currency, locale);
      if (!(await confirmDialog(t('claim'), t('claimConfirm', { net })))) return;
      try {
        await api.claim(c.id);
      } catch {
        return;
      }
      toast(t('claimed'));
      await refresh();
    },
    [api, locale, refresh, t],
  );

  return (
    <div className={styles.page}>
      <PageHeader title={t('logTitle')} />
      <PullToRefresh onRefresh={refresh}>
        <div className={styles.content} data-testid="cashout-log">
          {log.rows.length === 0 && log.error ? (
            <LoadFailure error={log.error} onRetry={() => void refresh()} />
          ) : log.rows.length === 0 && !log.loading ? (
            <EmptyState
              text={t('empty')}
              action={
                <button
                  type="button"
                  className="ph-link-button"
                  onClick={() => {
                    navigateTo(CASH_OUT_PATH);
                  }}
                >
                  {t('goCashOut')}
                </button>
              }
            />
          ) : (
            <PagedList
              list={log}
              className={styles.list}
              keyOf={(c) => c.id}
              renderItem={(c) => <CashoutRow cashout={c} locale={locale} onClaim={(x) => void claim(x)} />}
            />
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
