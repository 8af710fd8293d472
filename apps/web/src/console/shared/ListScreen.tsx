import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable, Drawer, LoadFailed, Pager } from './DataTable';
import styles from './admin.module.css';

/** What a console list shows of its query (`useConsoleList`): one page, the pager's props, and the query. */
export interface ListPage<T> {
  data: { list: readonly T[]; total: number } | undefined;
  panel: { page: number; pages: number; onPage: (page: number) => void };
  query: { isError: boolean; refetch: () => Promise<unknown> };
}

/** The columns, rows and empty message of a console table. */
interface TableProps<T> {
  list: ListPage<T>;
  columns: string[];
  empty: string;
  /** The row's `<tr>`, with its key. */
  row: (item: T) => ReactNode;
  compact?: boolean;
}

/** A console list's table (with Load failed / Retry while it could not load a first page) and its pager. */
export function ListTable<T>({ list, columns, empty, row, compact = false }: TableProps<T>) {
  return (
    <>
      <DataTable columns={columns} items={list.data?.list} empty={empty} row={row} compact={compact}>
        {!list.data && list.query.isError ? <LoadFailed onRetry={() => void list.query.refetch()} /> : null}
      </DataTable>
      <Pager {...list.panel} />
    </>
  );
}

/**
 * What a list screen's drawer shows: nothing (`shown` null) or one thing (a row, an id, `{ item: null }` for a new
 * one). `refresh` invalidates the lists under `refreshKey`; `done` closes the drawer and refreshes.
 */
export function useDetailDrawer<S>(refreshKey?: readonly unknown[]) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<S | null>(null);
  const close = () => {
    setShown(null);
  };
  const refresh = () => (refreshKey ? queryClient.invalidateQueries({ queryKey: refreshKey }) : Promise.resolve());
  return {
    shown,
    open: (next: S) => {
      setShown(() => next);
    },
    close,
    refresh,
    done: () => {
      close();
      void refresh();
    },
  };
}

/** The state of a list screen's drawer (`useDetailDrawer`). */
export interface DetailDrawer<S> {
  shown: S | null;
  close: () => void;
}

/**
 * A console list screen: the title, a panel with the toolbar (`children`: a SearchBar or FilterBar, tabs, notes)
 * above the table and its pager, then the drawer showing `detail(shown)` while `drawer.shown` is set, then `after`.
 */
export function ListScreen<T, S = never>({
  title,
  children,
  drawer,
  detail,
  after,
  ...table
}: TableProps<T> & {
  title: string;
  children: ReactNode;
  drawer?: DetailDrawer<S>;
  detail?: (shown: S) => ReactNode;
  after?: ReactNode;
}) {
  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.panel}>
        {children}
        <ListTable {...table} />
      </div>
      {drawer && detail ? (
        <Drawer open={drawer.shown !== null} onClose={drawer.close}>
          {drawer.shown !== null ? detail(drawer.shown) : null}
        </Drawer>
      ) : null}
      {after}
    </>
  );
}
