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

/** A form's footer: Cancel (or `cancelLabel`) and the submit button (Save, or `submitLabel`), busy while it sends. */
export function FormFooter({
  onCancel,
  submitting,
  submitLabel,
  cancelLabel,
}: {
  onCancel: () => void;
  submitting: boolean;
  submitLabel?: string;
  cancelLabel?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className={styles.formFooter}>
      <Button onClick={onCancel}>{cancelLabel ?? t('shared.cancel')}</Button>
      <Button color="primary" type="submit" loading={submitting}>
        {submitLabel ?? t('shared.save')}
      </Button>
    </div>
  );
}

/** The × that removes one row of a list (a photo, a portion, an item), named by `label`. */
export function RemoveButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Button size="mini" fill="outline" color="danger" aria-label={label} onClick={onRemove}>
      ×
    </Button>
  );
}

/**
 * Sends a form's body with `send`; when it is saved, a success toast saying `done`, then `onSaved` with the answer.
 * When it is refused, nothing more: the API client has shown why.
 */
export async function saveWithToast<R>(send: () => Promise<R>, done: string, onSaved: (saved: R) => void) {
  let saved: R;
  try {
    saved = await send();
  } catch {
    return;
  }
  Toast.show({ content: done, icon: 'success' });
  onSaved(saved);
}
