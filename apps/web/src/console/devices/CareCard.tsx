import type { ReactNode } from 'react';
import { Button, Input } from 'antd-mobile';
import { FormRow } from '../shared/ui';
import styles from '../shared/admin.module.css';
import own from './device-care.module.css';

/** A care card's number field: its label, text, validation message (a contracts key) and change. */
export interface CareField {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/**
 * One care action: its title, what it does (`children`), an optional number field and its button. Enter in the
 * field sends too; the button is disabled while any command waits for the station.
 */
export function CareCard({
  id,
  title,
  button,
  field,
  busy,
  danger = false,
  onSend,
  children,
}: {
  id: string;
  title: string;
  button: string;
  field?: CareField;
  busy: boolean;
  danger?: boolean;
  onSend: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={own.card}
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) onSend();
      }}
    >
      <h3 id={`${id}-title`} className={own.cardTitle}>
        {title}
      </h3>
      <p className={own.cardHint}>{children}</p>
      {field ? (
        <FormRow label={field.label} htmlFor={`${id}-input`} error={field.error}>
          <Input
            id={`${id}-input`}
            className={styles.input}
            value={field.value}
            onChange={field.onChange}
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
          />
        </FormRow>
      ) : null}
      <Button
        className={own.cardButton}
        type="submit"
        size="small"
        color={danger ? 'danger' : 'primary'}
        fill={danger ? 'outline' : 'solid'}
        disabled={busy}
      >
        {button}
      </Button>
    </form>
  );
}
