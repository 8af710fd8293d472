import { useQuery } from '@tanstack/react-query';
import { contentEndpoints, type ContentHomeData, type Locale } from '@petheart/contracts';
import { useApi, type ApiClient } from '../../../shared/api';
import { useLanguage } from '../../../shared/i18n';
import { CONTENT_HOME_KEY } from './keys';

/** contentEndpoints.home: the banners and What's New, in the request's language. Silent: the sections show it. */
export function fetchContentHome(api: ApiClient): Promise<ContentHomeData> {
  return api.call(contentEndpoints.home, undefined, { silent: true });
}

export const contentHomeKey = (locale: Locale) => [...CONTENT_HOME_KEY, locale] as const;

/** The banners and What's New in the language shown (one query: both sections read it). */
export function useContentHome() {
  const api = useApi();
  const { locale } = useLanguage();
  return useQuery({ queryKey: contentHomeKey(locale), queryFn: () => fetchContentHome(api) });
}
