import { createContext, useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import type { Locale } from '@petheart/contracts';
import { antdLocale, loadAntdLocale } from './antd-locales';
import { LANGUAGE_KEY, detectLocale, readPreference, type LanguagePreference } from './preference';
import { hasMessages, loadMessages } from './messages';

export interface LanguageState {
  preference: LanguagePreference;
  locale: Locale;
  setPreference(p: LanguagePreference): void;
}

export const LanguageContext = createContext<LanguageState | null>(null);

/**
 * Keeps i18next, <html lang> and antd-mobile (provider and imperative API) on the chosen language.
 *
 * The contracts messages (namespace `messages`) load per language: nothing renders until the first language's
 * have arrived, and on a switch the page stays in the old language until the new one's are in, then every
 * text (i18next, request-layer toasts, antd-mobile) changes together — never a raw key or a fallback text.
 */
export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [preference, setPref] = useState<LanguagePreference>(() => readPreference(localStorage));
  const [systemLocale, setSystemLocale] = useState<Locale>(() => detectLocale(navigator));
  const wanted = preference === 'auto' ? systemLocale : preference;
  // The language shown: the wanted one once its messages and antd-mobile's texts are loaded (null until the first is).
  const [shown, setShown] = useState<Locale | null>(() =>
    hasMessages(i18n, wanted) && antdLocale(wanted) ? wanted : null,
  );
  const locale = shown ?? wanted;

  useEffect(() => {
    if (shown === wanted) return;
    let current = true;
    const show = () => {
      if (current) setShown(wanted);
    };
    Promise.all([loadMessages(i18n, wanted), loadAntdLocale(wanted)]).then(show, (error: unknown) => {
      // Offline or a stale deployment: show the app anyway rather than a blank page.
      console.error(error);
      show();
    });
    return () => {
      current = false;
    };
  }, [i18n, wanted, shown]);

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
    if (!shown) return;
    if (i18n.language !== shown) void i18n.changeLanguage(shown);
    document.documentElement.lang = shown;
    const texts = antdLocale(shown);
    if (texts) setDefaultConfig({ locale: texts });
  }, [i18n, shown]);

  const setPreference = useCallback((p: LanguagePreference) => {
    localStorage.setItem(LANGUAGE_KEY, p);
    setPref(p);
  }, []);

  const value = useMemo(() => ({ preference, locale, setPreference }), [preference, locale, setPreference]);
  if (!shown) return null;
  return (
    <LanguageContext value={value}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={antdLocale(locale) ?? antdLocale('en')}>{children}</ConfigProvider>
      </I18nextProvider>
    </LanguageContext>
  );
}
