export { PageHeader, type PageHeaderProps } from './PageHeader';
export {
  PullToRefresh,
  PULL_THRESHOLD_PX,
  PULL_TRANSITION_MS,
  type PullStatus,
  type PullToRefreshProps,
} from './PullToRefresh';
export {
  usePagedList,
  useReachBottom,
  nextPage,
  PAGE_LIMIT,
  REACH_BOTTOM_PX,
  type Page,
  type PagedListOptions,
  type PagedListState,
} from './usePagedList';
export { PagedList, type PagedListProps } from './PagedList';
export { EmptyState } from './EmptyState';
export { LangTag, textLang } from './LangTag';
export { toast, alertDialog, confirmDialog, prefetchFeedback, TOAST_MS } from './feedback';
export {
  AwardIcon,
  BackIcon,
  HeartIcon,
  HomeIcon,
  PawIcon,
  QuestionIcon,
  SearchIcon,
  TeamIcon,
  UserIcon,
} from './icons';
