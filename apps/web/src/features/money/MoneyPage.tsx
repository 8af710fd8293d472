import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PaymentOrder } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { PageHeader, PullToRefresh, usePagedList } from '../../shared/ui';
import { moneyApi } from './api';
import { BalanceCard } from './components/BalanceCard';
import { OrderResult } from './components/OrderResult';
import { PackageGrid } from './components/PackageGrid';
import { RechargeHistory, type PayAgain } from './components/RechargeHistory';
import { formatMoney } from '../../shared/format/money';
import { usePay } from './usePay';
import { useOrderStatus } from '../../shared/pay';
import styles from './money.module.css';

const HISTORY_KEY = ['money', 'orders'];
/** Where a help-pay order's outcome is shown (the sandbox's page links every order back to this page). */
const ORDER_CONFIRM_PATH = '/pages/public/orderConfirm';

/**
 * /pages/money/money (login required): the coin balance, the recharge packages from config with Pay, the
 * outcome of the order the page came back with (`?order_no=`, polled until final; a help-pay order's outcome is
 * the order confirmation's), and the recharge history (a closed order: Pay again, a new order for its package).
 */
export default function MoneyPage() {
  const { t } = useTranslation('money');
  const { locale } = useLanguage();
  const client = useApi();
  const api = useMemo(() => moneyApi(client), [client]);
  const { user, config, refreshUser } = useSession();
  const [params, setParams] = useSearchParams();
  const orderNo = params.get('order_no')?.trim() || null;
  const [selected, setSelected] = useState<number | null>(null);

  const history = usePagedList<PaymentOrder>({ queryKey: HISTORY_KEY, fetchPage: api.orders });
  const { refresh: refreshHistory } = history;

  const settled = useCallback(
    (order: PaymentOrder) => {
      if (order.status === 'paid') void refreshUser().catch(() => undefined);
      void refreshHistory();
    },
    [refreshUser, refreshHistory],
  );
  const result = useOrderStatus(orderNo, api.order, settled);
  const navigate = useNavigate();
  const helpPay = result?.order?.purpose === 'help_pay' ? result.order : null;
  useEffect(() => {
    if (!helpPay) return;
    const query = new URLSearchParams({ order_no: helpPay.order_no });
    if (helpPay.package_id !== null) query.set('id', String(helpPay.package_id));
    void navigate(`${ORDER_CONFIRM_PATH}?${query.toString()}`, { replace: true });
  }, [helpPay, navigate]);

  const showOrder = useCallback(
    (no: string | null) => {
      setParams(no ? { order_no: no } : {}, { replace: true });
    },
    [setParams],
  );
  const { pay, paying } = usePay(api, showOrder);

  const packages = config?.recharge_packages ?? [];
  const currency = config?.currency ?? 'CNY';
  const chosen = packages.find((p) => p.id === selected);
  const payAgain: PayAgain = {
    onSale: (id) => packages.some((p) => p.id === id),
    pay: (id) => {
      void pay(id);
    },
    paying,
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} />
      <PullToRefresh onRefresh={() => Promise.all([refreshUser().catch(() => undefined), refreshHistory()])}>
        <div className={styles.content}>
          <BalanceCard balance={user?.balance} />
          {result && !helpPay ? (
            <OrderResult
              state={result}
              onDone={() => {
                showOrder(null);
              }}
            />
          ) : null}
          <section className={styles.section} aria-labelledby="money-packages">
            <h2 id="money-packages" className={styles.sectionTitle}>
              {t('packages')}
            </h2>
            <PackageGrid
              packages={packages}
              currency={currency}
              selected={selected}
              onSelect={setSelected}
              loading={!config}
            />
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              className={styles.pay}
              disabled={!chosen}
              loading={paying}
              onClick={() => {
                if (chosen) void pay(chosen.id);
              }}
            >
              {chosen ? t('pay', { price: formatMoney(chosen.price, currency, locale) }) : t('choose')}
            </Button>
          </section>
          <RechargeHistory list={history} payAgain={payAgain} />
        </div>
      </PullToRefresh>
    </div>
  );
}
