import { Button, Tag } from 'antd-mobile';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LEDGER_ACCOUNT_KINDS, LEDGER_TRANSACTION_KINDS } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { DataTable, Pager } from '../shared/DataTable';
import { LedgerCheck } from './LedgerCheck';
import {
  EMPTY_ACCOUNT_FILTERS,
  EMPTY_TRANSACTION_FILTERS,
  accountListBody,
  transactionListBody,
  type TransactionFilters,
} from '../shared/money-forms';
import { DateRangeFilter, Entries, FilterBar, SelectFilter, TextFilter, useFilters } from '../shared/money-ui';
import { formatTimestamp, pageCount } from '../sections';
import adminStyles from '../shared/admin.module.css';
import styles from '../shared/money.module.css';
import { useMoneyApi } from './api';
import { moneyKeys } from './keys';

const LIMIT = 10;

function Transactions({ filters }: { filters: ReturnType<typeof useFilters<TransactionFilters>> }) {
  const { t } = useTranslation('admin');
  const money = useMoneyApi();
  const { locale } = useLanguage();
  const request = transactionListBody(filters.applied, filters.page, LIMIT);
  const list = useQuery({
    queryKey: moneyKeys.transactions(request),
    queryFn: () => money.transactions(request.ok ? request.body : {}),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const { draft, set } = filters;
  return (
    <>
      {filters.applied.account_id ? (
        <div className={styles.chip}>
          {t('ledger.onAccount', { id: filters.applied.account_id })}
          <Button
            size="mini"
            fill="none"
            onClick={() => {
              filters.apply({ ...draft, account_id: '' });
            }}
          >
            {t('ledger.allAccounts')}
          </Button>
        </div>
      ) : null}
      <FilterBar
        onSearch={() => {
          filters.apply();
        }}
        onClear={filters.clear}
        total={data ? t('ledger.total', { count: data.total }) : null}
        error={filters.error}
      >
        <SelectFilter
          label={t('ledger.kind')}
          anyLabel={t('ledger.anyKind')}
          value={draft.kind}
          onChange={(v) => {
            filters.apply({ ...draft, kind: v });
          }}
          options={LEDGER_TRANSACTION_KINDS.map((k) => ({ value: k, label: t(`ledger.kinds.${k}`) }))}
        />
        <TextFilter
          label={t('ledger.user')}
          placeholder={t('ledger.userPlaceholder')}
          value={draft.user}
          onChange={(v) => {
            set('user', v);
          }}
          wide
        />
        <TextFilter
          label={t('ledger.key')}
          value={draft.key}
          onChange={(v) => {
            set('key', v);
          }}
          wide
        />
        <DateRangeFilter labels={{ from: t('ledger.from'), to: t('ledger.to') }} value={draft} onChange={set} />
      </FilterBar>
      <DataTable
        compact
        columns={[t('ledger.id'), t('ledger.kind'), t('ledger.reference'), t('ledger.time'), t('ledger.entries')]}
        items={data?.list}
        empty={t('ledger.empty')}
        row={(tx) => (
          <tr key={tx.id} data-testid={`ledger-row-${String(tx.id)}`}>
            <td>{tx.id}</td>
            <td>
              <Tag fill="outline">{t(`ledger.kinds.${tx.kind}`)}</Tag>
            </td>
            <td>
              <div className={styles.mono}>{tx.reference || '—'}</div>
              <div className={`${styles.mono ?? ''} ${styles.sub ?? ''}`} title={t('ledger.idempotencyKey')}>
                {tx.idempotency_key}
              </div>
            </td>
            <td>{formatTimestamp(tx.created_at, locale)}</td>
            <td>
              <Entries entries={tx.entries} locale={locale} />
            </td>
          </tr>
        )}
      />
      <Pager page={filters.page} pages={pageCount(data?.total ?? 0, LIMIT)} onPage={filters.setPage} />
    </>
  );
}

function Accounts({ onTransactions }: { onTransactions: (accountId: number) => void }) {
  const { t } = useTranslation('admin');
  const money = useMoneyApi();
  const { locale } = useLanguage();
  const filters = useFilters(EMPTY_ACCOUNT_FILTERS, (f) => {
    const body = accountListBody(f, 1, LIMIT);
    return body.ok ? undefined : body.message;
  });
  const request = accountListBody(filters.applied, filters.page, LIMIT);
  const list = useQuery({
    queryKey: moneyKeys.accounts(request),
    queryFn: () => money.accounts(request.ok ? request.body : {}),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  return (
    <>
      <FilterBar
        onSearch={() => {
          filters.apply();
        }}
        onClear={filters.clear}
        total={data ? t('ledger.accountsTotal', { count: data.total }) : null}
        error={filters.error}
      >
        <SelectFilter
          label={t('ledger.kind')}
          anyLabel={t('ledger.anyKind')}
          value={filters.draft.kind}
          onChange={(v) => {
            filters.apply({ ...filters.draft, kind: v });
          }}
          options={LEDGER_ACCOUNT_KINDS.map((k) => ({ value: k, label: t(`ledger.accountKinds.${k}`) }))}
        />
        <TextFilter
          label={t('ledger.user')}
          placeholder={t('ledger.userPlaceholder')}
          value={filters.draft.user}
          onChange={(v) => {
            filters.set('user', v);
          }}
          wide
        />
      </FilterBar>
      <DataTable
        compact
        columns={[
          t('ledger.id'),
          t('ledger.account'),
          t('ledger.user'),
          t('ledger.balance'),
          t('ledger.held'),
          t('ledger.available'),
          '',
        ]}
        items={data?.list}
        empty={t('ledger.emptyAccounts')}
        row={(a) => (
          <tr key={a.id} data-testid={`account-row-${String(a.id)}`}>
            <td>{a.id}</td>
            <td>{t(`ledger.accountKinds.${a.kind}`)}</td>
            <td>
              <span className={adminStyles.ellipsis}>
                {a.user_id === null ? '—' : `${a.user_email ?? a.user_nickname ?? ''} (ID ${String(a.user_id)})`}
              </span>
            </td>
            <td className={styles.number}>{number(a.balance)}</td>
            <td className={styles.number}>{number(a.held)}</td>
            <td className={styles.number}>{number(a.available)}</td>
            <td>
              <Button
                size="mini"
                onClick={() => {
                  onTransactions(a.id);
                }}
              >
                {t('ledger.showTransactions')}
              </Button>
            </td>
          </tr>
        )}
      />
      <Pager page={filters.page} pages={pageCount(data?.total ?? 0, LIMIT)} onPage={filters.setPage} />
    </>
  );
}

/**
 * The coin ledger: the invariant checker's latest result, then transactions (search by kind, user, reference or
 * key, account, dates; each with its entries) or accounts (balance, held, available) — ?tab=accounts.
 */
export function LedgerView() {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'accounts' ? 'accounts' : 'transactions';
  const transactions = useFilters(EMPTY_TRANSACTION_FILTERS, (f) => {
    const body = transactionListBody(f, 1, LIMIT);
    return body.ok ? undefined : body.message;
  });
  const show = (next: 'transactions' | 'accounts') => {
    setParams(next === 'accounts' ? { tab: next } : {}, { replace: true });
  };

  return (
    <>
      <h1 className={adminStyles.title}>{t('ledger.title')}</h1>
      <LedgerCheck locale={locale} />
      <div className={adminStyles.panel}>
        <div className={styles.tabs} role="tablist">
          {(['transactions', 'accounts'] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={tab === key ? `${styles.tab ?? ''} ${styles.tabActive ?? ''}` : styles.tab}
              onClick={() => {
                show(key);
              }}
            >
              {t(`ledger.${key}`)}
            </button>
          ))}
        </div>
        {tab === 'transactions' ? (
          <Transactions filters={transactions} />
        ) : (
          <Accounts
            onTransactions={(id) => {
              transactions.apply({ ...EMPTY_TRANSACTION_FILTERS, account_id: String(id) });
              show('transactions');
            }}
          />
        )}
      </div>
    </>
  );
}
