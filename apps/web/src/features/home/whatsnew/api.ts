import { contentEndpoints, type ContentHomeData, type Locale } from '@petheart/contracts';
import type { ApiClient } from '../../../shared/api';
import { CONTENT_HOME_KEY } from './keys';

/** contentEndpoints.home: the banners and What's New, in the request's language. Silent: the sections show it. */
export function fetchContentHome(api: ApiClient): Promise<ContentHomeData> {
  return api.call(contentEndpoints.home, undefined, { silent: true });
}

export const contentHomeKey = (locale: Locale) => [...CONTENT_HOME_KEY, locale] as const;
