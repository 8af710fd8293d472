import { useState, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../shared/i18n';
import admin from './admin.module.css';
import styles from './money.module.css';

/** A console search's filters: every one a string as typed or chosen ('' = no filter). */
type TextValues<F> = { [K in keyof F]: string };

/**
 * The filters of a console search: what is being typed (`draft`) and what the list shows (`applied`, with its
 * page). `apply` checks the draft first (`check` answers a message key when it is not a valid search). `text(key)`
 * and `choice(key)` are the props of a TextFilter (typed, applied by Search) and a SelectFilter (applied at once).
 */
export function useFilters<F extends TextValues<F>>(empty: F, check: (filters: F) => string | undefined = noCheck) {
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
    text: (key: keyof F) => ({
      value: draft[key],
      onChange: (value: string) => {
        set(key, value);
      },
    }),
    choice: (key: keyof F) => ({
      value: draft[key],
      onChange: (value: string) => {
        apply({ ...draft, [key]: value });
      },
    }),
  };
}

function noCheck(): undefined {
  return undefined;
}

/** What the filter form needs of `useFilters`. */
interface BarFilters {
  apply: () => void;
  clear: () => void;
  error: string | undefined;
}

/**
 * The filter form above a console table: its fields, Search (applies the draft) and Clear (`onClear`, by default
 * the filters' own clear), the total, and the filters' message.
 */
export function FilterBar({
  filters,
  onClear = filters.clear,
  total,
  children,
}: {
  filters: BarFilters;
  onClear?: () => void;
  total: string | null;
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
          filters.apply();
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
      {filters.error ? (
        <p className={styles.error} role="alert">
          {message(filters.error)}
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

/** A choice's props: its value, what it becomes, and the options after '' (any, all: `anyLabel`). */
interface ChoiceProps {
  value: string;
  onChange: (value: string) => void;
  anyLabel: string;
  options: { value: string; label: string }[];
}

/** A labelled choice of a filter form; the first option ('' = any) is `anyLabel`. */
export function SelectFilter({ label, ...choice }: ChoiceProps & { label: string }) {
  return (
    <label className={styles.filter}>
      {label}
      <Choice className={styles.filterInput} {...choice} />
    </label>
  );
}

/** A choice in a SearchBar (its `before`), labelled for screen readers only; the first option ('' = all) is `anyLabel`. */
export function ToolbarSelect({ id, label, ...choice }: ChoiceProps & { id: string; label: string }) {
  return (
    <>
      <label className="ph-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <Choice id={id} className={admin.select} {...choice} />
    </>
  );
}

function Choice({
  value,
  onChange,
  anyLabel,
  options,
  ...select
}: ChoiceProps & { id?: string; className: string | undefined }) {
  return (
    <select
      {...select}
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
  );
}
