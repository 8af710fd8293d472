import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useApi } from '../../shared/api';
import { PageHeader } from '../../shared/ui';
import { Field, Hero, SendCodeButton } from './components';
import { ForgetPasswordFormSchema, type ForgetPasswordForm } from './schemas';
import { useAccountActions } from './useAccountActions';
import styles from './account.module.css';

const AnySchema = z.unknown();

export default function ForgetPasswordPage() {
  const { t } = useTranslation('account');
  const { t: tm } = useTranslation('messages');
  const api = useApi();
  const navigate = useNavigate();
  const { sendEmailCode } = useAccountActions();
  const { control, handleSubmit, formState, trigger, getValues } = useForm<ForgetPasswordForm>({
    resolver: zodResolver(ForgetPasswordFormSchema),
    defaultValues: { email: '', captcha: '', newpassword: '', newpassword2: '' },
  });
  const send = async () => {
    if (!(await trigger('email'))) return false;
    return sendEmailCode(getValues('email').trim(), 'resetpwd').then(
      () => true,
      () => false,
    );
  };
  return (
    <div className={styles.page}>
      <PageHeader title={t('forget.title')} back />
      <Hero title={t('forget.heading')} subtitle={t('forget.hint')} />
      <div className={styles.card}>
        <form
          noValidate
          onSubmit={(e) =>
            void handleSubmit(async (v) => {
              try {
                await api.request({
                  path: '/user/resetpwd',
                  data: { type: 'email', email: v.email.trim(), captcha: v.captcha.trim(), newpassword: v.newpassword },
                  schema: AnySchema,
                  task: 'resetpwd',
                });
              } catch {
                return;
              }
              Toast.show({ content: tm('ok.passwordReset'), icon: 'success' });
              void navigate('/pages/public/login', { replace: true });
            })(e)
          }
        >
          <Controller
            control={control}
            name="email"
            render={({ field, fieldState }) => (
              <Field
                {...field}
                label={t('forget.email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                maxLength={254}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="captcha"
            render={({ field, fieldState }) => (
              <Field
                {...field}
                label={t('forget.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                error={fieldState.error?.message}
                extra={<SendCodeButton onSend={send} />}
              />
            )}
          />
          <Controller
            control={control}
            name="newpassword"
            render={({ field, fieldState }) => (
              <Field
                {...field}
                label={t('forget.newPassword')}
                type="password"
                autoComplete="new-password"
                maxLength={64}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="newpassword2"
            render={({ field, fieldState }) => (
              <Field
                {...field}
                label={t('forget.newPasswordAgain')}
                type="password"
                autoComplete="new-password"
                maxLength={64}
                error={fieldState.error?.message}
              />
            )}
          />
          <Button
            className={styles.submit}
            block
            color="primary"
            size="large"
            shape="rounded"
            type="submit"
            loading={formState.isSubmitting}
          >
            {t('forget.submit')}
          </Button>
        </form>
      </div>
    </div>
  );
}
