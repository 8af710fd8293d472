import { useState, type ReactNode } from 'react';
import { Button, Input, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './admin.module.css';

/** The keyword and page of a searchable console list; a new search starts again at page 1. */
export function useSearchPaging() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const search = (next: string) => {
    setKeyword(next);
    setPage(1);
  };
  return { keyword, page, setPage, search };
}

/**
 * The toolbar above a console table: `before` (e.g. a filter), a labelled keyword box with its search button
 * (submit or clear calls `onSearch` with the trimmed keyword), the total, and an optional outlined add button.
 */
export function SearchBar({
  id,
  label,
  button,
  onSearch,
  total,
  before,
  addLabel,
  onAdd,
}: {
  id: string;
  label: string;
  button: string;
  onSearch: (keyword: string) => void;
  total: string | null;
  before?: ReactNode;
  addLabel?: string;
  onAdd?: () => void;
}) {
  const [input, setInput] = useState('');
  return (
    <form
      className={styles.toolbar}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(input.trim());
      }}
    >
      {before}
      <label className="ph-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <Input
        id={id}
        className={styles.search}
        placeholder={label}
        value={input}
        onChange={setInput}
        clearable
        onClear={() => {
          setInput('');
          onSearch('');
        }}
      />
      <Button color="primary" size="small" type="submit">
        {button}
      </Button>
      {total !== null ? <span className={styles.total}>{total}</span> : null}
      {onAdd ? (
        <Button color="primary" fill="outline" size="small" onClick={onAdd}>
          {addLabel}
        </Button>
      ) : null}
    </form>
  );
}

/**
 * A console table: the column headings, one row per item (`row` returns the `<tr>` with its key), and the empty
 * message once the list has loaded with no items. `children` go under the table (e.g. a load error).
 */
export function DataTable<T>({
  columns,
  items,
  row,
  empty,
  compact = false,
  children,
}: {
  columns: string[];
  items: readonly T[] | undefined;
  row: (item: T) => ReactNode;
  empty: string;
  compact?: boolean;
  children?: ReactNode;
}) {
  // The table scrolls sideways on a phone: the keyboard must reach it even when no row holds a button.
  return (
    <div className={styles.tableWrap} tabIndex={0}>
      <table className={compact ? `${styles.table ?? ''} ${styles.compact ?? ''}` : styles.table}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>{items?.map(row)}</tbody>
      </table>
      {items && items.length === 0 ? <div className={styles.empty}>{empty}</div> : null}
      {children}
    </div>
  );
}

/** Previous / "Page n of m" / next under a console table. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className={styles.pager}>
      <Button
        size="small"
        disabled={page <= 1}
        onClick={() => {
          onPage(Math.max(1, page - 1));
        }}
      >
        {t('shared.prev')}
      </Button>
      <span>{t('shared.page', { page, pages })}</span>
      <Button
        size="small"
        disabled={page >= pages}
        onClick={() => {
          onPage(Math.min(pages, page + 1));
        }}
      >
        {t('shared.next')}
      </Button>
    </div>
  );
}

/** The side drawer a console form opens in (pass the form only while it is open). */
export function Drawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Popup visible={open} position="right" onMaskClick={onClose} bodyClassName={styles.drawer} destroyOnClose>
      {children}
    </Popup>
  );
}

/** What a console list or form shows when it could not load: the message, and Retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.empty} role="alert">
      {t('common:loadFailed')}{' '}
      <Button size="mini" onClick={onRetry}>
        {t('common:retry')}
      </Button>
    </div>
  );
}
