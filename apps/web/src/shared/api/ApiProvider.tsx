import { createContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { alertDialog, confirmDialog, toast, TOAST_MS } from '../ui/feedback';
import { useTranslation } from 'react-i18next';
import { MESSAGES_NS, useLanguage } from '../i18n';
import type { TokenStore } from '../session/storage';
import { LOGIN_PATH } from '../navigation/paths';
import { createApiClient, type ApiClient, type ApiClientDeps } from './client';
import { readGivenAnswers } from './given';

export const ApiContext = createContext<ApiClient | null>(null);

export { TOAST_MS };

function LoadingIndicator() {
  const { t } = useTranslation('common');
  return (
    <div className="ph-loading" role="status" aria-live="polite">
      <span className="ph-spinner ph-spinner-large" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}

/** Creates the app's API client (wired to antd-mobile toasts/dialogs and the token store) and provides it. */
export function ApiProvider({
  tokens,
  children,
  fetchImpl,
}: {
  tokens: TokenStore;
  children: ReactNode;
  fetchImpl?: ApiClientDeps['fetch'];
}) {
  const navigate = useNavigate();
  const { locale } = useLanguage();
  const { i18n } = useTranslation();
  const [loading, setLoading] = useState(false);
  const live = useRef({ navigate, locale });
  useEffect(() => {
    live.current = { navigate, locale };
  }, [navigate, locale]);

  const [client] = useState(() =>
    createApiClient({
      ui: {
        toast: (content) => {
          toast(content);
        },
        showLoading: () => {
          setLoading(true);
        },
        hideLoading: () => {
          setLoading(false);
        },
        serverError: (title, content) => {
          void alertDialog(title, content);
        },
        confirmLogin: confirmDialog,
      },
      getToken: () => tokens.get(),
      removeToken: () => {
        tokens.remove();
      },
      getLocale: () => live.current.locale,
      // <LanguageProvider> shows a language only once its messages are loaded, so this never yields a raw key.
      translate: (key) => i18n.t(key, { ns: MESSAGES_NS, lng: live.current.locale, nsSeparator: false }),
      goLogin: () => {
        void live.current.navigate(LOGIN_PATH);
      },
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
      // What the server gave with the page (the index page's banners and news): shown without asking again.
      given: readGivenAnswers(document),
    }),
  );

  return (
    <ApiContext value={client}>
      {children}
      {loading && <LoadingIndicator />}
    </ApiContext>
  );
}
