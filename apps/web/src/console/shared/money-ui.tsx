import { useState, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ConsoleLedgerEntry } from '@petheart/contracts';
import { useMessage } from '../../shared/i18n';
import styles from './money.module.css';

/** Coins with a sign (ledger entries): +310, −310. */
export function signed(n: number, locale: string): string {
  const text = new Intl.NumberFormat(locale).format(Math.abs(n));
  return n < 0 ? `−${text}` : `+${text}`;
}

/**
 * The filters of a console search: what is being typed (`draft`) and what the list shows (`applied`, with its
 * page). `apply` checks the draft first (`check` answers a message key when it is not a valid search).
 */
export function useFilters<F extends object>(empty: F, check: (filters: F) => string | undefined) {
  const [draft, setDraft] = useState(empty);
  const [applied, setApplied] = useState(empty);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | undefined>();
  const set = (key: keyof F, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const apply = (next: F = draft) => {
    const problem = check(next);
    setError(problem);
    if (problem) return;
    setDraft(next);
    setApplied(next);
    setPage(1);
  };
  return {
    draft,
    set,
    applied,
    page,
    setPage,
    error,
    apply,
    clear: () => {
      apply(empty);
    },
  };
}

/** The filter form above a console table: its fields, Search and Clear, the total, and a message. */
export function FilterBar({
  onSearch,
  onClear,
  total,
  error,
  children,
}: {
  onSearch: () => void;
  onClear: () => void;
  total: string | null;
  error: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const message = useMessage();
  return (
    <>
      <form
        className={styles.filters}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch();
        }}
      >
        {children}
        <span className={styles.filterButtons}>
          <Button color="primary" size="small" type="submit">
            {t('payments.search')}
          </Button>
          <Button size="small" onClick={onClear}>
            {t('payments.clear')}
          </Button>
        </span>
        {total !== null ? <span className={styles.total}>{total}</span> : null}
      </form>
      {error ? (
        <p className={styles.error} role="alert">
          {message(error)}
        </p>
      ) : null}
    </>
  );
}

/** A labelled text or date box of a filter form. */
export function TextFilter({
  label,
  value,
  onChange,
  type = 'text',
  placeholder,
  wide = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'date';
  placeholder?: string;
  wide?: boolean;
}) {
  return (
    <label className={styles.filter}>
      {label}
      <input
        className={wide ? `${styles.filterInput ?? ''} ${styles.filterWide ?? ''}` : styles.filterInput}
        type={type}
        value={value}
        placeholder={placeholder}
        maxLength={type === 'text' ? 200 : undefined}
        onChange={(e) => {
          onChange(e.currentTarget.value);
        }}
      />
    </label>
  );
}

/** The "from" and "to" date boxes of a filter form (`value` may be the whole draft); `onChange` names the one. */
export function DateRangeFilter({
  labels,
  value,
  onChange,
}: {
  labels: { from: string; to: string };
  value: { from: string; to: string };
  onChange: (key: 'from' | 'to', value: string) => void;
}) {
  return (
    <>
      {(['from', 'to'] as const).map((key) => (
        <TextFilter
          key={key}
          type="date"
          label={labels[key]}
          value={value[key]}
          onChange={(v) => {
            onChange(key, v);
          }}
        />
      ))}
    </>
  );
}

/** A labelled choice of a filter form; the first option ('' = any) is `anyLabel`. */
export function SelectFilter({
  label,
  value,
  onChange,
  anyLabel,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  anyLabel: string;
  options: { value: string; label: string }[];
}) {
  return (
    <label className={styles.filter}>
      {label}
      <select
        className={styles.filterInput}
        value={value}
        onChange={(e) => {
          onChange(e.currentTarget.value);
        }}
      >
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A ledger transaction's entries: each account (kind, user) and what the entry adds to it. */
export function Entries({ entries, locale }: { entries: ConsoleLedgerEntry[]; locale: string }) {
  const { t } = useTranslation('admin');
  return (
    <ul className={styles.entries}>
      {entries.map((e) => {
        const who = e.user_email ?? (e.user_id === null ? null : `ID ${String(e.user_id)}`);
        return (
          <li key={e.account_id}>
            <span>
              {t(`ledger.accountKinds.${e.account_kind}`)} #{e.account_id}
              {who ? <span className={styles.mono}> · {who}</span> : null}
            </span>
            <span className={e.amount < 0 ? styles.minus : styles.plus}>{signed(e.amount, locale)}</span>
          </li>
        );
      })}
    </ul>
  );
}
