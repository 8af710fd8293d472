import { useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageContext, type LanguageState } from './LanguageProvider';
import { MESSAGES_NS } from './messages';

export { LanguageProvider } from './LanguageProvider';
export type { LanguageState } from './LanguageProvider';
export { createI18n, type FeatureResources, type NamespaceLoader, type Strings } from './createI18n';
export {
  LANGUAGE_KEY,
  LANGUAGE_PREFERENCES,
  detectLocale,
  localeOf,
  readPreference,
  type LanguagePreference,
} from './preference';
export { antdLocale, loadAntdLocale } from './antd-locales';
export { COMMON_NS, MESSAGES_NS, hasMessages, loadMessages } from './messages';

/** The language preference ('auto' or a locale), the effective locale and a setter (stored in localStorage). */
export function useLanguage(): LanguageState {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage() needs <LanguageProvider>');
  return value;
}

/**
 * Translates a contracts message key (e.g. a zod error message from a form); other text passes through.
 * The `messages` namespace is loaded before <LanguageProvider> renders (useTranslation would suspend otherwise).
 */
export function useMessage(): (keyOrText: string | undefined) => string {
  const { t } = useTranslation(MESSAGES_NS);
  // An unknown key (any other text) comes back as is; `:` in a text is no namespace separator.
  return useCallback((k: string | undefined) => (k ? t(k, { nsSeparator: false }) : ''), [t]);
}
