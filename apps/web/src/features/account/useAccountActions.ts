import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Toast } from 'antd-mobile';
import { z } from 'zod';
import { LoginDataSchema, UserInfoDataSchema, type CodeEvent, type LoginData } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { useTranslation } from 'react-i18next';
import { safeRedirect } from './schemas';

const AnySchema = z.unknown();

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
      await api.request({ path: '/ems/send', data: { email, event }, schema: AnySchema, task: 'sendCode' });
      Toast.show({ content: t('ok.codeSent') });
    },
    [api, t],
  );

  const sendSmsCode = useCallback(
    async (mobile: string, event: CodeEvent) => {
      await api.request({ path: '/sms/send', data: { mobile, event }, schema: AnySchema, task: 'sendCode' });
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
    async (path: string, data: unknown, messageKey?: 'ok.loggedIn' | 'ok.registered') => {
      const result = await api.request({ path, data, schema: LoginDataSchema, task: 'login' });
      finishLogin(result, messageKey);
    },
    [api, finishLogin],
  );

  /** After Google / Facebook: the API hands the new session token over in ?oauth_token. */
  const adoptOAuthToken = useCallback(
    async (token: string) => {
      const res = await fetch('/api/user/index', { headers: { token, lang: locale } });
      const body = (await res.json()) as { code?: number; data?: unknown };
      const parsed = UserInfoDataSchema.safeParse(body.data);
      if (!res.ok || body.code !== 1 || !parsed.success) throw new Error('oauth_failed');
      finishLogin({ userinfo: { ...parsed.data.userinfo, token, expires_in: 0 } });
    },
    [locale, finishLogin],
  );

  return { sendEmailCode, sendSmsCode, login, adoptOAuthToken, redirect };
}
