import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { userEndpoints } from '@petheart/contracts';
import { useNavigator } from '../../shared/navigation';
import { PageHeader } from '../../shared/ui';
import { FormField, Hero, SendCodeButton } from './components';
import { RegisterFormSchema, type RegisterForm } from './schemas';
import { useAccountActions } from './useAccountActions';
import styles from './account.module.css';

export default function RegisterPage() {
  const { t } = useTranslation('account');
  const nav = useNavigator();
  const { login, sendEmailCode } = useAccountActions();
  const { control, handleSubmit, formState, trigger, getValues } = useForm<RegisterForm>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { email: '', password: '', password2: '', code: '' },
  });
  const send = async () => {
    if (!(await trigger('email'))) return false;
    return sendEmailCode(getValues('email').trim(), 'register').then(
      () => true,
      () => false,
    );
  };
  return (
    <div className={styles.page}>
      <PageHeader title={t('register.title')} back />
      <Hero title={t('register.heading')} />
      <div className={styles.card}>
        <form
          noValidate
          onSubmit={(e) =>
            void handleSubmit(async (v) => {
              await login(
                userEndpoints.register,
                { email: v.email.trim(), password: v.password, code: v.code.trim() },
                'ok.registered',
              ).catch(() => undefined);
            })(e)
          }
        >
          <FormField control={control} name="email" label={t('register.email')} kind="email" />
          <FormField control={control} name="password" label={t('register.password')} kind="newPassword" />
          <FormField control={control} name="password2" label={t('register.passwordAgain')} kind="newPassword" />
          <FormField
            control={control}
            name="code"
            label={t('register.code')}
            kind="code"
            extra={<SendCodeButton onSend={send} />}
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
            {t('register.submit')}
          </Button>
          <div className={styles.linksCenter}>
            <span>{t('register.haveAccount')}</span>
            <button
              type="button"
              className={styles.link}
              onClick={() => {
                nav.navigateTo('/pages/public/login');
              }}
            >
              {t('register.login')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
