import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DotLoading } from 'antd-mobile';
import { EmptyState } from './EmptyState';
import { useReachBottom, type PagedListState } from './usePagedList';

export interface PagedListProps<T> {
  list: PagedListState<T>;
  renderItem: (row: T, index: number) => ReactNode;
  keyOf?: (row: T, index: number) => Key;
  /** Empty-state text (default: the common "Nothing here yet"). */
  emptyText?: string;
  className?: string;
}

/** Rows of a paged list, loading more on reach-bottom (50 px), with empty, loading, error and end footers. */
export function PagedList<T>({ list, renderItem, keyOf, emptyText, className }: PagedListProps<T>) {
  const { t } = useTranslation('common');
  useReachBottom(list.loadMore);
  const { rows } = list;
  if (rows.length === 0 && list.loading) {
    return (
      <div className="ph-list-footer">
        <DotLoading /> {t('loading')}
      </div>
    );
  }
  if (rows.length === 0 && list.error) {
    return (
      <EmptyState
        text={t('loadFailed')}
        action={
          <button type="button" className="ph-link-button" onClick={() => void list.refresh()}>
            {t('retry')}
          </button>
        }
      />
    );
  }
  if (rows.length === 0) return <EmptyState text={emptyText ?? t('empty')} />;
  return (
    <div className={className}>
      {rows.map((row, i) => (
        <div key={keyOf ? keyOf(row, i) : i}>{renderItem(row, i)}</div>
      ))}
      <div className="ph-list-footer">
        {list.loadingMore ? (
          <>
            <DotLoading /> {t('loading')}
          </>
        ) : list.hasMore ? (
          <button type="button" className="ph-link-button" onClick={list.loadMore}>
            {t('loadMore')}
          </button>
        ) : (
          t('noMore')
        )}
      </div>
    </div>
  );
}
