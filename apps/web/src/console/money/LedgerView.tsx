import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LEDGER_ACCOUNT_KINDS, LEDGER_TRANSACTION_KINDS } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { checkedBy, useCheckedList } from '../shared/console-list';
import { ListTable } from '../shared/ListScreen';
import { LedgerCheck } from './LedgerCheck';
import {
  EMPTY_ACCOUNT_FILTERS,
  EMPTY_TRANSACTION_FILTERS,
  accountListBody,
  transactionListBody,
  type TransactionFilters,
} from '../shared/money-forms';
import { DateRangeFilter, FilterBar, SelectFilter, TextFilter, useFilters } from '../shared/filters';
import { Entries } from '../shared/money-ui';
import { formatTimestamp } from '../sections';
import adminStyles from '../shared/admin.module.css';
import styles from '../shared/money.module.css';
import { moneyLists } from './api';
import { moneyKeys } from './keys';

function Transactions({ filters }: { filters: ReturnType<typeof useFilters<TransactionFilters>> }) {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const list = useCheckedList({
    key: moneyKeys.transactions,
    endpoint: moneyLists.transactions,
    filters,
    body: transactionListBody,
  });
  const data = list.data;
  return (
    <>
      {filters.applied.account_id ? (
        <div className={styles.chip}>
          {t('ledger.onAccount', { id: filters.applied.account_id })}
          <Button
            size="mini"
            fill="none"
            onClick={() => {
              filters.apply({ ...filters.draft, account_id: '' });
            }}
          >
            {t('ledger.allAccounts')}
          </Button>
        </div>
      ) : null}
      <FilterBar filters={filters} total={data ? t('ledger.total', { count: data.total }) : null}>
        <SelectFilter
          label={t('ledger.kind')}
          anyLabel={t('ledger.anyKind')}
          {...filters.choice('kind')}
          options={LEDGER_TRANSACTION_KINDS.map((k) => ({ value: k, label: t(`ledger.kinds.${k}`) }))}
        />
        <TextFilter label={t('ledger.user')} placeholder={t('ledger.userPlaceholder')} {...filters.text('user')} wide />
        <TextFilter label={t('ledger.key')} {...filters.text('key')} wide />
        <DateRangeFilter
          labels={{ from: t('ledger.from'), to: t('ledger.to') }}
          value={filters.draft}
          onChange={filters.set}
        />
      </FilterBar>
      <ListTable
        list={list}
        compact
        columns={[t('ledger.id'), t('ledger.kind'), t('ledger.reference'), t('ledger.time'), t('ledger.entries')]}
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
    </>
  );
}

function Accounts({ onTransactions }: { onTransactions: (accountId: number) => void }) {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const filters = useFilters(EMPTY_ACCOUNT_FILTERS, checkedBy(accountListBody));
  const list = useCheckedList({
    key: moneyKeys.accounts,
    endpoint: moneyLists.accounts,
    filters,
    body: accountListBody,
  });
  const data = list.data;
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  return (
    <>
      <FilterBar filters={filters} total={data ? t('ledger.accountsTotal', { count: data.total }) : null}>
        <SelectFilter
          label={t('ledger.kind')}
          anyLabel={t('ledger.anyKind')}
          {...filters.choice('kind')}
          options={LEDGER_ACCOUNT_KINDS.map((k) => ({ value: k, label: t(`ledger.accountKinds.${k}`) }))}
        />
        <TextFilter label={t('ledger.user')} placeholder={t('ledger.userPlaceholder')} {...filters.text('user')} wide />
      </FilterBar>
      <ListTable
        list={list}
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
  const transactions = useFilters(EMPTY_TRANSACTION_FILTERS, checkedBy(transactionListBody));
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
