import type { ReactNode } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../shared/i18n';
import { copyText } from './copy';
import styles from './admin.module.css';

/**
 * A labelled form row: the label (for the control with `htmlFor`), the control, a hint and the validation
 * message (a contracts MESSAGES key, translated here).
 */
export function FormRow({
  label,
  htmlFor,
  error,
  hint,
  children,
}: {
  label: string;
  htmlFor?: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const message = useMessage();
  return (
    <div className={styles.formRow}>
      {htmlFor ? (
        <label className={styles.formLabel} htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <span className={styles.formLabel}>{label}</span>
      )}
      {children}
      {hint ? <div className={styles.formHint}>{hint}</div> : null}
      <div className={styles.fieldError} role={error ? 'alert' : undefined}>
        {message(error)}
      </div>
    </div>
  );
}

/** A value to copy (a device ID, a secret, an address): monospace text and a copy button. */
export function CopyValue({
  label,
  value,
  hint,
  secret = false,
}: {
  label: string;
  value: string;
  hint?: string;
  secret?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className={styles.copyRow}>
      <div className={styles.copyLabel}>{label}</div>
      <div className={styles.copyLine}>
        <code className={secret ? `${styles.copyValue} ${styles.secret}` : styles.copyValue}>{value}</code>
        <Button
          size="mini"
          aria-label={`${t('shared.copy')}: ${label}`}
          onClick={() => {
            void copyText(value).then((ok) => {
              Toast.show({ content: ok ? t('shared.copied') : t('shared.copyFailed'), icon: ok ? 'success' : 'fail' });
            });
          }}
        >
          {t('shared.copy')}
        </Button>
      </div>
      {hint ? <div className={styles.formHint}>{hint}</div> : null}
    </div>
  );
}
