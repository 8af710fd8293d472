import type { ReactNode } from 'react';
import { useMessage } from '../../../shared/i18n';
import styles from '../apply.module.css';

/** A labelled form row with its validation message (a contracts MESSAGES key, translated here). */
export function FormRow({
  htmlFor,
  labelId,
  label,
  error,
  children,
  hint,
}: {
  htmlFor?: string;
  /** The label's id, for a group that names itself with aria-labelledby. */
  labelId?: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
  hint?: ReactNode;
}) {
  const message = useMessage();
  return (
    <div className={styles.row}>
      {htmlFor ? (
        <label className={styles.label} htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <span id={labelId} className={styles.label}>
          {label}
        </span>
      )}
      {children}
      {hint}
      <div
        className={styles.error}
        role={error ? 'alert' : undefined}
        data-testid={htmlFor ? `error-${htmlFor}` : undefined}
      >
        {message(error)}
      </div>
    </div>
  );
}
