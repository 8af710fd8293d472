import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Toast } from 'antd-mobile';
import type { z } from 'zod';
import { codeEndpoints, userEndpoints, type CodeEvent, type LoginData } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { useTranslation } from 'react-i18next';
import { safeRedirect } from './schemas';

/** The endpoints that sign a user in and answer the session. */
export type LoginEndpoint =
  | typeof userEndpoints.login
  | typeof userEndpoints.emaillogin
  | typeof userEndpoints.mobilelogin
  | typeof userEndpoints.register;

/** The calls the account pages share: send an auth code, finish a login, adopt an OAuth token. */
export function useAccountActions() {
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { locale } = useLanguage();
  const { t } = useTranslation('messages');
  const redirect = safeRedirect(params.get('redirect'));

  const sendEmailCode = useCallback(
    async (email: string, event: CodeEvent) => {
      await api.call(codeEndpoints.emsSend, { email, event }, { task: 'sendCode' });
      Toast.show({ content: t('ok.codeSent') });
    },
    [api, t],
  );

  const sendSmsCode = useCallback(
    async (mobile: string, event: CodeEvent) => {
      await api.call(codeEndpoints.smsSend, { mobile, event }, { task: 'sendCode' });
      Toast.show({ content: t('ok.codeSent') });
    },
    [api, t],
  );

  /** Stores the session and goes to ?redirect (or the Me tab), replacing the login page. */
  const finishLogin = useCallback(
    (data: LoginData, messageKey: 'ok.loggedIn' | 'ok.registered' = 'ok.loggedIn') => {
      session.login(data);
      Toast.show({ content: t(messageKey), icon: 'success' });
      void navigate(redirect, { replace: true });
    },
    [session, navigate, redirect, t],
  );

  const login = useCallback(
    async <E extends LoginEndpoint>(
      endpoint: E,
      input: z.input<E['input']>,
      messageKey?: 'ok.loggedIn' | 'ok.registered',
    ) => {
      const result: LoginData = await api.call<LoginEndpoint>(endpoint, input, { task: 'login' });
      finishLogin(result, messageKey);
    },
    [api, finishLogin],
  );

  /** After Google / Facebook: the API hands the new session token over in ?oauth_token. */
  const adoptOAuthToken = useCallback(
    async (token: string) => {
      const { path, method, data } = userEndpoints.index;
      const res = await fetch(path, { method, headers: { token, lang: locale } });
      const body = (await res.json()) as { code?: number; data?: unknown };
      const parsed = data.safeParse(body.data);
      if (!res.ok || body.code !== 1 || !parsed.success) throw new Error('oauth_failed');
      finishLogin({ userinfo: { ...parsed.data.userinfo, token, expires_in: 0 } });
    },
    [locale, finishLogin],
  );

  return { sendEmailCode, sendSmsCode, login, adoptOAuthToken, redirect };
}
