import { useCallback, useContext } from 'react';
import { isMessageKey, translate } from '@petheart/contracts';
import { LanguageContext, type LanguageState } from './LanguageProvider';

export { LanguageProvider } from './LanguageProvider';
export type { LanguageState } from './LanguageProvider';
export { createI18n, type FeatureResources, type NamespaceLoader } from './createI18n';
export {
  LANGUAGE_KEY,
  LANGUAGE_PREFERENCES,
  detectLocale,
  localeOf,
  readPreference,
  type LanguagePreference,
} from './preference';
export { ANTD_LOCALES } from './antd-locales';

/** The language preference ('auto' or a locale), the effective locale and a setter (stored in localStorage). */
export function useLanguage(): LanguageState {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage() needs <LanguageProvider>');
  return value;
}

/** Translates a contracts message key (e.g. a zod error message from a form); other text passes through. */
export function useMessage(): (keyOrText: string | undefined) => string {
  const { locale } = useLanguage();
  return useCallback((k: string | undefined) => (k ? (isMessageKey(k) ? translate(locale, k) : k) : ''), [locale]);
}
