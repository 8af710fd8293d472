import type { ReactNode } from 'react';
import { useNavigator } from '../../shared/navigation';
import {
  EmptyState,
  PageHeader,
  PagedList,
  PullToRefresh,
  type PagedListProps,
  type PagedListState,
} from '../../shared/ui';
import styles from './mine-lists.module.css';

export interface MineListPageProps<T> extends Pick<PagedListProps<T>, 'renderItem' | 'keyOf'> {
  title: string;
  list: PagedListState<T>;
  /** Shown when the list has nothing, with a button that leads to where more can be found. */
  empty: { text: string; action: string; path: string };
}

/** One of Me's lists: its header, pull to refresh, the paged rows, and an empty state that leads somewhere. */
export function MineListPage<T>({ title, list, empty, renderItem, keyOf }: MineListPageProps<T>): ReactNode {
  const { navigateTo } = useNavigator();
  return (
    <div className={styles.page}>
      <PageHeader title={title} />
      <PullToRefresh onRefresh={list.refresh}>
        <div className={styles.content}>
          {list.rows.length === 0 && !list.loading && !list.error ? (
            <EmptyState
              text={empty.text}
              action={
                <button
                  type="button"
                  className="ph-link-button"
                  onClick={() => {
                    navigateTo(empty.path);
                  }}
                >
                  {empty.action}
                </button>
              }
            />
          ) : (
            <PagedList list={list} className={styles.list} keyOf={keyOf} renderItem={renderItem} />
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
