import { useState } from 'react';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Input } from 'antd-mobile';
import { HeartFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LoginBodySchema, userEndpoints, type LoginData } from '@petheart/contracts';
import type { z } from 'zod';
import { useApi } from '../shared/api';
import { useMessage } from '../shared/i18n';
import styles from './shared/admin.module.css';

type SignInForm = z.input<typeof LoginBodySchema>;

/**
 * The console sign-in (the same userEndpoints.login as the app). Only accounts with the 'admin' role get in:
 * `onAdmin` receives their login; anyone else sees a refusal and their session is not kept.
 */
export function SignIn({
  onAdmin,
  refused: initiallyRefused = false,
}: {
  onAdmin: (d: LoginData) => void;
  refused?: boolean;
}) {
  const { t } = useTranslation('admin');
  const message = useMessage();
  const api = useApi();
  const [refused, setRefused] = useState(initiallyRefused);
  const { control, handleSubmit, formState } = useForm<SignInForm>({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { account: '', password: '' },
  });
  return (
    <main className={styles.signIn}>
      <form
        className={styles.signInCard}
        noValidate
        onSubmit={(e) =>
          void handleSubmit(async (v) => {
            let data: LoginData;
            try {
              data = await api.call(userEndpoints.login, v, { task: 'adminLogin' });
            } catch {
              return;
            }
            if (data.userinfo.roles.includes('admin')) onAdmin(data);
            else setRefused(true);
          })(e)
        }
      >
        <HeartFill aria-hidden="true" fontSize={32} color="#54bdff" />
        <h1>{t('signIn.title')}</h1>
        {refused ? (
          <div className={styles.refusal} role="alert">
            {t('signIn.refused')}
          </div>
        ) : null}
        <Controller
          control={control}
          name="account"
          render={({ field, fieldState }) => (
            <>
              <label className={styles.srOnly} htmlFor="admin-account">
                {t('signIn.account')}
              </label>
              <Input
                ref={field.ref}
                id="admin-account"
                className={styles.input}
                placeholder={t('signIn.account')}
                autoComplete="username"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
              <div className={styles.fieldError}>{message(fieldState.error?.message)}</div>
            </>
          )}
        />
        <Controller
          control={control}
          name="password"
          render={({ field, fieldState }) => (
            <>
              <label className={styles.srOnly} htmlFor="admin-password">
                {t('signIn.password')}
              </label>
              <Input
                ref={field.ref}
                id="admin-password"
                className={styles.input}
                type="password"
                placeholder={t('signIn.password')}
                autoComplete="current-password"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
              <div className={styles.fieldError}>{message(fieldState.error?.message)}</div>
            </>
          )}
        />
        <Button block color="primary" type="submit" loading={formState.isSubmitting}>
          {t('signIn.submit')}
        </Button>
      </form>
    </main>
  );
}
