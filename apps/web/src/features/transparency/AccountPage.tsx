import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BaseAccount, PlatformAccount } from '@petheart/contracts';
import { ApiError, useApi } from '../../shared/api';
import { formatCoins } from '../../shared/format/money';
import { useLanguage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState, PageHeader } from '../../shared/ui';
import { ACCOUNT_PATH, accountApi, accountKey, basePath } from './api';
import { BaseRows } from './components/BaseRows';
import { Months } from './components/Months';
import { Purchases } from './components/Purchases';
import { CashOuts, Food, Raised, Row } from './components/Totals';
import styles from './account.module.css';
import { StatementsSection } from './StatementsSection';

/** The base in the query: absent → the platform (null); a positive integer → that base; anything else → NaN. */
export function baseIdOf(raw: string | null): number | null {
  if (raw === null) return null;
  if (!/^\d{1,12}$/.test(raw.trim())) return Number.NaN;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : Number.NaN;
}

/** The header's line: what the page is and how its figures are made, and when they were read. */
function Intro({ name, asOf, children }: { name: string; asOf: number; children?: React.ReactNode }) {
  const { t } = useTranslation('transparency');
  const { locale } = useLanguage();
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(asOf * 1000);
  return (
    <section className={`${styles.card} ${styles.intro}`}>
      <h2 className={styles.name}>{name}</h2>
      <p className={styles.how}>{t('how')}</p>
      <p className={styles.note}>{t('asOf', { time })}</p>
      {children}
    </section>
  );
}

function BaseView({ account }: { account: BaseAccount }) {
  const { t } = useTranslation('transparency');
  const { locale } = useLanguage();
  const { navigateTo } = useNavigator();
  const assetHost = useSession().config?.asset_host ?? '';
  const { operator } = account;
  return (
    <>
      <Intro name={account.base.name} asOf={account.as_of}>
        <div className={styles.links}>
          <button
            type="button"
            className="ph-link-button"
            onClick={() => {
              navigateTo(basePath(account.base.id));
            }}
          >
            {t('toBase')}
          </button>
          <button
            type="button"
            className="ph-link-button"
            onClick={() => {
              navigateTo(ACCOUNT_PATH);
            }}
          >
            {t('toPlatform')}
          </button>
        </div>
      </Intro>
      <Raised totals={account.totals} coinValue={account.coin_value} currency={account.currency} locale={locale} base />
      <Food totals={account.totals} voided={account.voided_purchases} locale={locale} base />
      {operator ? (
        <CashOuts cashedOut={operator.cashed_out} locale={locale} title={t('operator.title')}>
          <Row
            label={t('operator.earned')}
            value={t('coins', { coins: formatCoins(operator.share_all_bases, locale) })}
            sub={t('operator.bases', { count: operator.bases })}
          />
        </CashOuts>
      ) : (
        <section className={styles.card}>
          <p className={styles.note}>{t('operator.none')}</p>
        </section>
      )}
      <Months months={account.months} locale={locale} />
      <Purchases purchases={account.purchases} locale={locale} assetHost={assetHost} showBase={false} />
      <StatementsSection baseId={account.base.id} />
    </>
  );
}

function PlatformView({ account }: { account: PlatformAccount }) {
  const { t } = useTranslation('transparency');
  const { locale } = useLanguage();
  const assetHost = useSession().config?.asset_host ?? '';
  return (
    <>
      <Intro name={t('platformName')} asOf={account.as_of} />
      <Raised
        totals={account.totals}
        coinValue={account.coin_value}
        currency={account.currency}
        locale={locale}
        base={false}
      />
      <Food totals={account.totals} voided={account.voided_purchases} locale={locale} base={false} />
      <CashOuts cashedOut={account.cashed_out} locale={locale} title={t('cashouts.title')} />
      <Months months={account.months} locale={locale} />
      <BaseRows rows={account.bases} locale={locale} />
      <Purchases purchases={account.purchases} locale={locale} assetHost={assetHost} showBase />
    </>
  );
}

function AccountView({ baseId }: { baseId: number | null }) {
  const { t } = useTranslation('transparency');
  const client = useApi();
  const api = useMemo(() => accountApi(client), [client]);
  const query = useQuery<BaseAccount | PlatformAccount>({
    queryKey: accountKey(baseId),
    queryFn: () => (baseId === null ? api.platform() : api.base(baseId)),
  });
  const data = query.data;
  const missing = query.error instanceof ApiError && query.error.errorId === 'not_found';
  return (
    <>
      <PageHeader title={baseId === null ? t('titlePlatform') : t('titleBase')} />
      {data ? (
        'base' in data ? (
          <BaseView account={data} />
        ) : (
          <PlatformView account={data} />
        )
      ) : missing ? (
        <EmptyState text={t('missingBase')} />
      ) : query.isError ? (
        <EmptyState
          text={t('common:loadFailed')}
          action={
            <button type="button" className="ph-link-button" onClick={() => void query.refetch()}>
              {t('common:retry')}
            </button>
          }
        />
      ) : (
        <div className="ph-page-fallback" role="status">
          <span className="ph-spinner ph-spinner-large" aria-hidden="true" />
          <span className="ph-visually-hidden">{t('common:loading')}</span>
        </div>
      )}
    </>
  );
}

/**
 * /pages/public/account?base_id=… (a base) and /pages/public/account (the platform): the public account, open to
 * tourists (issue 28 §3) — coins raised, grams the feeders measured, the shares and cash-outs, the food bought
 * with its receipts, month by month.
 */
export default function AccountPage() {
  const { t } = useTranslation('transparency');
  const [params] = useSearchParams();
  const baseId = baseIdOf(params.get('base_id'));
  return (
    <div className={styles.page}>
      {baseId !== null && Number.isNaN(baseId) ? (
        <>
          <PageHeader title={t('titleBase')} />
          <EmptyState text={t('missingBase')} />
        </>
      ) : (
        <AccountView key={baseId ?? 'platform'} baseId={baseId} />
      )}
    </div>
  );
}
