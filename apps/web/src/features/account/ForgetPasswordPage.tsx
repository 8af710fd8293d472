import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userEndpoints } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { PageHeader } from '../../shared/ui';
import { FormField, Hero, SendCodeButton } from './components';
import { ForgetPasswordFormSchema, type ForgetPasswordForm } from './schemas';
import { useAccountActions } from './useAccountActions';
import styles from './account.module.css';

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
                await api.call(
                  userEndpoints.resetpwd,
                  { type: 'email', email: v.email.trim(), captcha: v.captcha.trim(), newpassword: v.newpassword },
                  { task: 'resetpwd' },
                );
              } catch {
                return;
              }
              Toast.show({ content: tm('ok.passwordReset'), icon: 'success' });
              void navigate('/pages/public/login', { replace: true });
            })(e)
          }
        >
          <FormField control={control} name="email" label={t('forget.email')} kind="email" />
          <FormField
            control={control}
            name="captcha"
            label={t('forget.code')}
            kind="code"
            extra={<SendCodeButton onSend={send} />}
          />
          <FormField control={control} name="newpassword" label={t('forget.newPassword')} kind="newPassword" />
          <FormField control={control} name="newpassword2" label={t('forget.newPasswordAgain')} kind="newPassword" />
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
