import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DotLoading } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../shared/api';
import { formatMoney, formatCoins } from '../../shared/format/money';
import { useLanguage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { PageHeader, toast } from '../../shared/ui';
import { CONFIG_KEY, LOG_KEY, LOG_PATH, cashoutApi } from './api';
import { CashOutForm } from './components/CashOutForm';
import { LoadFailure } from './components/LoadFailure';
import styles from './cashout.module.css';

/**
 * /pages/cashOut/cashOut (login required, base operators): the available earnings, then the request form with
 * the minimum, fee and net amount shown as the amount is typed. A recorded request goes to the log.
 */
export default function CashOutPage() {
  const { t } = useTranslation('cashout');
  const { locale } = useLanguage();
  const client = useApi();
  const api = useMemo(() => cashoutApi(client), [client]);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { navigateTo } = useNavigator();
  const config = useQuery({ queryKey: CONFIG_KEY, queryFn: api.config, retry: false });
  const c = config.data;

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('title')}
        right={
          <button
            type="button"
            className={styles.headerLink}
            onClick={() => {
              navigateTo(LOG_PATH);
            }}
          >
            {t('log')}
          </button>
        }
      />
      <div className={styles.content}>
        {!c ? (
          config.error ? (
            <LoadFailure error={config.error} onRetry={() => void config.refetch()} />
          ) : (
            <div className="ph-list-footer">
              <DotLoading />
            </div>
          )
        ) : (
          <>
            <section className={styles.balance} aria-labelledby="cashout-available">
              <p id="cashout-available" className={styles.balanceLabel}>
                {t('available')}
              </p>
              <p className={styles.balanceValue} data-testid="cashout-available">
                {formatMoney(c.available_amount, c.currency, locale)}
              </p>
              <p className={styles.balanceSub}>
                {t('availableCoins', { count: c.available_coins, formatted: formatCoins(c.available_coins, locale) })}
              </p>
            </section>
            <CashOutForm
              config={c}
              locale={locale}
              api={api}
              onDone={() => {
                toast(t('submitted'));
                void queryClient.invalidateQueries({ queryKey: CONFIG_KEY });
                void queryClient.resetQueries({ queryKey: LOG_KEY });
                void navigate(LOG_PATH, { replace: true });
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
