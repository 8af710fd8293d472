import type { ReactNode } from 'react';
import { Controller, type Control, type FieldError, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ConsoleSettings } from '@petheart/contracts';
import { useMessage } from '../../shared/i18n';
import { RemoveButton, saveWithToast } from './ui';
import styles from './money.module.css';

/**
 * One editable cell: a text box (named by `label`) and its message under it. `numeric` is the keyboard for numbers
 * (false: a text cell); `maxLength` defaults to 12.
 */
export function Cell({
  label,
  value,
  onChange,
  onBlur,
  error,
  narrow = false,
  numeric = 'numeric',
  maxLength = 12,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: FieldError | undefined;
  narrow?: boolean;
  numeric?: 'numeric' | 'decimal' | false;
  maxLength?: number;
}) {
  const message = useMessage();
  return (
    <td>
      <input
        className={narrow ? `${styles.cellInput ?? ''} ${styles.narrow ?? ''}` : styles.cellInput}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        inputMode={numeric || undefined}
        value={value}
        maxLength={maxLength}
        onChange={(e) => {
          onChange(e.currentTarget.value);
        }}
        onBlur={onBlur}
      />
      {error?.message ? <div className={styles.cellError}>{message(error.message)}</div> : null}
    </td>
  );
}

/** A `Cell` bound to one text field of an editor's form. */
export function CellField<V extends FieldValues, B>({
  control,
  name,
  label,
  narrow,
  numeric,
  maxLength,
}: {
  control: Control<V, unknown, B>;
  name: FieldPathByValue<V, string>;
  label: string;
  narrow?: boolean;
  numeric?: 'numeric' | 'decimal' | false;
  maxLength?: number;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f, fieldState }) => (
        <Cell
          label={label}
          value={f.value}
          onChange={f.onChange}
          onBlur={f.onBlur}
          error={fieldState.error}
          narrow={narrow}
          numeric={numeric}
          maxLength={maxLength}
        />
      )}
    />
  );
}

/** The last cell of an editor's row: its remove button (named by `label`). */
function RemoveRowButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <td>
      <RemoveButton label={label} onRemove={onRemove} />
    </td>
  );
}

/**
 * An editor's table: a head cell per column ('' = an empty one) and a row per field-array item, its cells from
 * `cells`, then its remove button (named by `removeLabel`) under an empty head cell.
 */
export function EditorTable({
  columns,
  rows,
  cells,
  removeLabel,
  onRemove,
  rowTestId,
}: {
  columns: string[];
  rows: { id: string }[];
  cells: (index: number) => ReactNode;
  removeLabel: (index: number) => string;
  onRemove: (index: number) => void;
  rowTestId?: (index: number) => string;
}) {
  return (
    <table className={styles.editTable}>
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th key={i}>{column || null}</th>
          ))}
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={row.id} data-testid={rowTestId?.(i)}>
            {cells(i)}
            <RemoveRowButton
              label={removeLabel(i)}
              onRemove={() => {
                onRemove(i);
              }}
            />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The button under an editor's table that adds a row (disabled when the list is full). */
export function AddRowButton({ label, disabled, onAdd }: { label: string; disabled: boolean; onAdd: () => void }) {
  return (
    <div className={styles.editorFooter} style={{ marginBottom: 8 }}>
      <Button size="small" disabled={disabled} onClick={onAdd}>
        {label}
      </Button>
    </div>
  );
}

/** Save and undo under an editor; the list's own message (too few, too many) beside them. */
export function Footer({
  saveLabel,
  dirty,
  saving,
  listError,
  onUndo,
}: {
  saveLabel: string;
  dirty: boolean;
  saving: boolean;
  listError: string | undefined;
  onUndo: () => void;
}) {
  const { t } = useTranslation('admin');
  const message = useMessage();
  return (
    <div className={styles.editorFooter}>
      <Button color="primary" size="small" type="submit" loading={saving} disabled={!dirty}>
        {saveLabel}
      </Button>
      <Button size="small" disabled={!dirty || saving} onClick={onUndo}>
        {t('settings.undo')}
      </Button>
      {dirty ? <span className={styles.dirty}>{t('settings.unsaved')}</span> : null}
      {listError ? (
        <span className={styles.error} role="alert">
          {message(listError)}
        </span>
      ) : null}
    </div>
  );
}

/** The message of a whole list (too few, too many rows): on the array itself or on its root. */
export function listErrorOf(error: { message?: string; root?: { message?: string } } | undefined): string | undefined {
  return error?.message ?? error?.root?.message;
}

/**
 * Sends one part of the settings with `send` (the settings area's update call). When saved: a toast, then
 * `onSaved` with the saved settings; when refused, nothing more (the client told why).
 */
export function useSaveSettings<B>(
  send: (body: B) => Promise<ConsoleSettings>,
  onSaved: (saved: ConsoleSettings) => void,
) {
  const { t } = useTranslation('admin');
  return (body: B): Promise<void> => saveWithToast(() => send(body), t('settings.saved'), onSaved);
}
