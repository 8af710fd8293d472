import { useState } from 'react';
import { useForm, Controller, type Control } from 'react-hook-form';
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

/** One sign-in box: its label for screen readers only (the placeholder says it), the input, its message. */
function SignInField({
  control,
  name,
  id,
  label,
  type,
  autoComplete,
}: {
  control: Control<SignInForm>;
  name: keyof SignInForm;
  id: string;
  label: string;
  type?: 'password';
  autoComplete: string;
}) {
  const message = useMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <>
          <label className="ph-visually-hidden" htmlFor={id}>
            {label}
          </label>
          <Input
            ref={field.ref}
            id={id}
            className={styles.input}
            type={type}
            placeholder={label}
            autoComplete={autoComplete}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
          <div className={styles.fieldError}>{message(fieldState.error?.message)}</div>
        </>
      )}
    />
  );
}

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
        <SignInField
          control={control}
          name="account"
          id="admin-account"
          label={t('signIn.account')}
          autoComplete="username"
        />
        <SignInField
          control={control}
          name="password"
          id="admin-password"
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
        />
        <Button block color="primary" type="submit" loading={formState.isSubmitting}>
          {t('signIn.submit')}
        </Button>
      </form>
    </main>
  );
}
