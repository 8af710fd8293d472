import type { ComponentProps, ReactNode } from 'react';
import { Input, TextArea } from 'antd-mobile';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormRow } from './ui';
import styles from './admin.module.css';

interface FieldBase<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** The control's id (the label points at it). */
  id: string;
  hint?: ReactNode;
}

type InputProps = Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange' | 'onBlur' | 'className'>;
type TextAreaProps = Omit<ComponentProps<typeof TextArea>, 'id' | 'value' | 'onChange' | 'onBlur' | 'className'>;

/**
 * A labelled one-line text field bound to a react-hook-form field: the label, the input, a hint and the field's
 * validation message (a contracts message key, translated by FormRow). Other props go to antd-mobile's Input.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  id,
  hint,
  ...input
}: FieldBase<T> & InputProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormRow label={label} htmlFor={id} error={fieldState.error?.message} hint={hint}>
          <Input
            {...input}
            ref={field.ref}
            id={id}
            className={styles.input}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        </FormRow>
      )}
    />
  );
}

/** TextField's many-line sibling (antd-mobile's TextArea): notes, reasons, descriptions. */
export function TextAreaField<T extends FieldValues>({
  control,
  name,
  label,
  id,
  hint,
  ...area
}: FieldBase<T> & TextAreaProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormRow label={label} htmlFor={id} error={fieldState.error?.message} hint={hint}>
          <TextArea
            {...area}
            ref={field.ref}
            id={id}
            className={styles.input}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        </FormRow>
      )}
    />
  );
}
