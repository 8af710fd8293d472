import type { ReactNode, Ref } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Button, Input, type InputRef } from 'antd-mobile';
import { HeartFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../shared/i18n';
import { useCountdown } from './countdown';
import styles from './account.module.css';

interface FieldProps {
  ref?: Ref<InputRef>;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  maxLength?: number;
  extra?: ReactNode;
}

/** One labelled input with its validation message (a contracts MESSAGES key, translated here). */
export function Field({ ref, ...p }: FieldProps) {
  const message = useMessage();
  return (
    <div className={styles.field}>
      <label className="ph-visually-hidden" htmlFor={p.name}>
        {p.label}
      </label>
      <div className={styles.fieldRow}>
        <Input
          ref={ref}
          id={p.name}
          name={p.name}
          placeholder={p.label}
          value={p.value}
          onChange={p.onChange}
          onBlur={p.onBlur}
          type={p.type ?? 'text'}
          autoComplete={p.autoComplete}
          inputMode={p.inputMode}
          maxLength={p.maxLength ?? 140}
          clearable
        />
        {p.extra}
      </div>
      <div className={styles.error} role={p.error ? 'alert' : undefined}>
        {message(p.error)}
      </div>
    </div>
  );
}

/** Input settings for each kind of account field. */
const FIELD_KINDS = {
  account: { type: 'text', autoComplete: 'username', maxLength: 254 },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 },
  mobile: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 16 },
  password: { type: 'password', autoComplete: 'current-password', maxLength: 64 },
  newPassword: { type: 'password', autoComplete: 'new-password', maxLength: 64 },
  code: { type: 'text', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 },
} as const satisfies Record<string, Partial<FieldProps>>;

/** A Field bound to a react-hook-form control, with the input settings of its kind. */
export function FormField<T extends FieldValues>(p: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  kind: keyof typeof FIELD_KINDS;
  extra?: ReactNode;
}) {
  return (
    <Controller
      control={p.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <Field {...field} {...FIELD_KINDS[p.kind]} label={p.label} error={fieldState.error?.message} extra={p.extra} />
      )}
    />
  );
}

/** "Send code", then a 60 s countdown; `onSend` resolves true when the code went out. */
export function SendCodeButton({ onSend }: { onSend: () => Promise<boolean> }) {
  const { t } = useTranslation('account');
  const countdown = useCountdown();
  return (
    <Button
      className={styles.sendCode}
      size="small"
      color="primary"
      fill="outline"
      disabled={countdown.running}
      onClick={async () => {
        if (await onSend()) countdown.start();
      }}
    >
      {countdown.running ? t('code.resend', { seconds: countdown.remaining }) : t('code.send')}
    </Button>
  );
}

/** The agreement box ("Please check the relevant agreements first" when submitted unticked). */
export function AgreementCheck(p: {
  checked: boolean;
  onChange: (v: boolean) => void;
  error?: string | undefined;
  onOpen: (doc: 'user_agreement' | 'privacy_policy') => void;
}) {
  const { t } = useTranslation('account');
  const message = useMessage();
  return (
    <>
      <div className={styles.agreement}>
        <input
          type="checkbox"
          className={styles.checkbox}
          checked={p.checked}
          onChange={(e) => {
            p.onChange(e.target.checked);
          }}
          aria-label={`${t('agreement.prefix')} ${t('agreement.user')} ${t('agreement.and')} ${t('agreement.privacy')}`}
          aria-invalid={p.error ? true : undefined}
        />
        <span>
          {t('agreement.prefix')}{' '}
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              p.onOpen('user_agreement');
            }}
          >
            {t('agreement.user')}
          </button>{' '}
          {t('agreement.and')}{' '}
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              p.onOpen('privacy_policy');
            }}
          >
            {t('agreement.privacy')}
          </button>
        </span>
      </div>
      {p.error ? (
        <div className={styles.error} role="alert">
          {message(p.error)}
        </div>
      ) : null}
    </>
  );
}

/** The paw logo and greeting above the account forms. */
export function Hero({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className={styles.hero}>
      <div className={styles.logo} aria-hidden="true">
        <HeartFill />
      </div>
      <h2 className={styles.welcome}>{title}</h2>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
    </div>
  );
}
