import { createContext, useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import type { Locale } from '@petheart/contracts';
import { ANTD_LOCALES } from './antd-locales';
import { LANGUAGE_KEY, detectLocale, readPreference, type LanguagePreference } from './preference';

export interface LanguageState {
  preference: LanguagePreference;
  locale: Locale;
  setPreference(p: LanguagePreference): void;
}

export const LanguageContext = createContext<LanguageState | null>(null);

/** Keeps i18next, <html lang> and antd-mobile (provider and imperative API) on the chosen language. */
export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [preference, setPref] = useState<LanguagePreference>(() => readPreference(localStorage));
  const [systemLocale, setSystemLocale] = useState<Locale>(() => detectLocale(navigator));
  const locale = preference === 'auto' ? systemLocale : preference;

  useEffect(() => {
    const onChange = () => {
      setSystemLocale(detectLocale(navigator));
    };
    window.addEventListener('languagechange', onChange);
    return () => {
      window.removeEventListener('languagechange', onChange);
    };
  }, []);

  // Before paint: i18next (and every useTranslation) switches, <html lang> follows.
  useLayoutEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
    setDefaultConfig({ locale: ANTD_LOCALES[locale] });
  }, [i18n, locale]);

  const setPreference = useCallback((p: LanguagePreference) => {
    localStorage.setItem(LANGUAGE_KEY, p);
    setPref(p);
  }, []);

  const value = useMemo(() => ({ preference, locale, setPreference }), [preference, locale, setPreference]);
  return (
    <LanguageContext value={value}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={ANTD_LOCALES[locale]}>{children}</ConfigProvider>
      </I18nextProvider>
    </LanguageContext>
  );
}
