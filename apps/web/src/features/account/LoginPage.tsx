import { useEffect, useRef, useState } from 'react';
import { useForm, Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import { Button, Tabs, Toast } from 'antd-mobile';
import { endpointUrl, oauthEndpoints, userEndpoints } from '@petheart/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { PageHeader } from '../../shared/ui';
import { AgreementCheck, FormField, Hero, SendCodeButton } from './components';
import {
  codeChannelFor,
  codeLoginFormSchema,
  PasswordLoginFormSchema,
  type CodeLoginForm,
  type PasswordLoginForm,
} from './schemas';
import { useAccountActions } from './useAccountActions';
import styles from './account.module.css';

type Mode = 'password' | 'code';

function ControlledAgreement<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const nav = useNavigator();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AgreementCheck
          checked={Boolean(field.value)}
          onChange={field.onChange}
          error={fieldState.error?.message}
          onOpen={(doc) => {
            nav.navigateTo(`/pages/public/onePage?name=${doc}`);
          }}
        />
      )}
    />
  );
}

function PasswordLogin() {
  const { t } = useTranslation('account');
  const { login } = useAccountActions();
  const { control, handleSubmit, formState } = useForm<PasswordLoginForm>({
    resolver: zodResolver(PasswordLoginFormSchema),
    defaultValues: { account: '', password: '', agree: false },
  });
  return (
    <form
      noValidate
      onSubmit={(e) =>
        void handleSubmit(async (v) => {
          await login(userEndpoints.login, { account: v.account.trim(), password: v.password }).catch(() => undefined);
        })(e)
      }
    >
      <FormField control={control} name="account" label={t('login.account')} kind="account" />
      <FormField control={control} name="password" label={t('login.password')} kind="password" />
      <ControlledAgreement control={control} name="agree" />
      <Button
        className={styles.submit}
        block
        color="primary"
        size="large"
        shape="rounded"
        type="submit"
        loading={formState.isSubmitting}
      >
        {t('login.submit')}
      </Button>
    </form>
  );
}

function CodeLogin() {
  const { t } = useTranslation('account');
  const { locale } = useLanguage();
  const channel = codeChannelFor(locale);
  const { login, sendEmailCode, sendSmsCode } = useAccountActions();
  const { control, handleSubmit, formState, trigger, getValues } = useForm<CodeLoginForm>({
    resolver: zodResolver(codeLoginFormSchema(channel)) as never,
    defaultValues: { email: '', mobile: '', captcha: '', agree: false },
  });
  const send = async () => {
    if (!(await trigger(channel))) return false;
    try {
      if (channel === 'mobile') await sendSmsCode(getValues('mobile').trim(), 'mobilelogin');
      else await sendEmailCode(getValues('email').trim(), 'emaillogin');
      return true;
    } catch {
      return false;
    }
  };
  return (
    <form
      noValidate
      onSubmit={(e) =>
        void handleSubmit(async (v) => {
          const request =
            channel === 'mobile'
              ? login(userEndpoints.mobilelogin, { mobile: v.mobile.trim(), captcha: v.captcha.trim() })
              : login(userEndpoints.emaillogin, { email: v.email.trim(), captcha: v.captcha.trim() });
          await request.catch(() => undefined);
        })(e)
      }
    >
      {channel === 'mobile' ? (
        <FormField control={control} name="mobile" label={t('login.mobile')} kind="mobile" />
      ) : (
        <FormField control={control} name="email" label={t('login.email')} kind="email" />
      )}
      <FormField
        control={control}
        name="captcha"
        label={t('login.code')}
        kind="code"
        extra={<SendCodeButton onSend={send} />}
      />
      <ControlledAgreement control={control} name="agree" />
      <Button
        className={styles.submit}
        block
        color="primary"
        size="large"
        shape="rounded"
        type="submit"
        loading={formState.isSubmitting}
      >
        {t('login.submit')}
      </Button>
    </form>
  );
}

/** Google and Facebook sign-in: English only, and only when the server has them configured. */
function OAuthButtons({ redirect }: { redirect: string }) {
  const { t } = useTranslation('account');
  const { locale } = useLanguage();
  const { config } = useSession();
  if (locale !== 'en' || !config) return null;
  const providers = (['google', 'facebook'] as const).filter((p) => config.oauth[p]);
  if (!providers.length) return null;
  return (
    <>
      <div className={styles.divider}>{t('login.or')}</div>
      <div className={styles.oauth}>
        {providers.map((p) => (
          <Button
            key={p}
            block
            shape="rounded"
            onClick={() => {
              window.location.assign(endpointUrl(oauthEndpoints.start, { provider: p }, { redirect }));
            }}
          >
            <span className={`${styles.oauthIcon} ${styles[p] ?? ''}`} aria-hidden="true">
              {p === 'google' ? 'G' : 'f'}
            </span>
            {t(`login.${p}`)}
          </Button>
        ))}
      </div>
    </>
  );
}

export default function LoginPage() {
  const { t } = useTranslation('account');
  const { t: tm } = useTranslation('messages');
  const nav = useNavigator();
  const [params, setParams] = useSearchParams();
  const { adoptOAuthToken, redirect } = useAccountActions();
  const [mode, setMode] = useState<Mode>('password');
  const handled = useRef(false);

  // Coming back from Google / Facebook: ?oauth_token=… signs in, ?oauth_error=… explains.
  const oauthToken = params.get('oauth_token');
  const oauthError = params.get('oauth_error');
  useEffect(() => {
    if (handled.current || (!oauthToken && !oauthError)) return;
    handled.current = true;
    const clear = () => {
      const next = new URLSearchParams(params);
      next.delete('oauth_token');
      next.delete('oauth_error');
      setParams(next, { replace: true });
    };
    if (oauthToken) {
      adoptOAuthToken(oauthToken).catch(() => {
        Toast.show({ content: tm('error.oauth_failed'), icon: 'fail' });
        clear();
      });
    } else {
      Toast.show({
        content: tm(oauthError === 'oauth_not_configured' ? 'error.oauth_not_configured' : 'error.oauth_failed'),
        icon: 'fail',
      });
      clear();
    }
  }, [oauthToken, oauthError, params, setParams, adoptOAuthToken, tm]);

  const suffix = params.get('redirect') ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <div className={styles.page}>
      <PageHeader title={t('login.title')} back />
      <Hero title={t('login.welcome')} subtitle={t('login.subtitle')} />
      <div className={styles.card}>
        <Tabs
          className={styles.tabs}
          activeKey={mode}
          onChange={(k) => {
            setMode(k === 'code' ? 'code' : 'password');
          }}
          style={{ '--title-font-size': '16px' }}
        >
          <Tabs.Tab title={t('login.passwordMode')} key="password" />
          <Tabs.Tab title={t('login.codeMode')} key="code" />
        </Tabs>
        {mode === 'password' ? <PasswordLogin /> : <CodeLogin />}
        <div className={styles.links}>
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              nav.navigateTo(`/pages/public/register${suffix}`);
            }}
          >
            {t('login.register')}
          </button>
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              nav.navigateTo('/pages/public/forgetPassword');
            }}
          >
            {t('login.forgot')}
          </button>
        </div>
      </div>
      <OAuthButtons redirect={redirect} />
    </div>
  );
}
