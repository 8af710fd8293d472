import { ContentHomeDataSchema, type ContentHomeData, type Locale } from '@petheart/contracts';
import type { ApiClient } from '../../../shared/api';
import { CONTENT_HOME_KEY } from './keys';

/** POST /api/content/home: the banners and What's New, in the request's language. Silent: the sections show it. */
export function fetchContentHome(api: ApiClient): Promise<ContentHomeData> {
  return api.request({ path: '/content/home', data: {}, schema: ContentHomeDataSchema, silent: true });
}

export const contentHomeKey = (locale: Locale) => [...CONTENT_HOME_KEY, locale] as const;
