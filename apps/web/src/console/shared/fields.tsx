import type { ComponentProps, ReactNode } from 'react';
import { Checkbox, Input, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import type { Locale, LocalizedText } from '@petheart/contracts';
import { firstMessage } from './forms';
import { FormRow } from './ui';
import styles from './admin.module.css';

/** What every bound field is given: the form's control, the field's name, the row's label and hint. */
interface Bound<T extends FieldValues, B, N> {
  /** The form's control (its output type B may differ from the values, as with bodyResolver). */
  control: Control<T, unknown, B>;
  name: N;
  label: string;
  hint?: ReactNode;
}

/** A bound field with a control of its own: the control's id (the label points at it). */
interface Labelled<T extends FieldValues, B, V> extends Bound<T, B, FieldPathByValue<T, V>> {
  id: string;
}

/**
 * A FormRow bound to a react-hook-form field: the label (for `id`, when given), the control that `children` draws
 * for the field, a hint and the field's validation message (a contracts message key, translated by FormRow).
 * `nested`: the value is a list or an object (photos, a text per language): its first message is shown.
 */
export function FieldRow<T extends FieldValues, B, N extends FieldPath<T>>({
  control,
  name,
  label,
  id,
  hint,
  nested = false,
  children,
}: Bound<T, B, N> & {
  id?: string;
  nested?: boolean;
  children: (field: ControllerRenderProps<T, N>, state: ControllerFieldState) => ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormRow
          label={label}
          htmlFor={id}
          error={nested ? firstMessage(fieldState.error) : fieldState.error?.message}
          hint={hint}
        >
          {children(field, fieldState)}
        </FormRow>
      )}
    />
  );
}

type InputProps = Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange' | 'onBlur' | 'className'>;
type TextAreaProps = Omit<ComponentProps<typeof TextArea>, 'id' | 'value' | 'onChange' | 'onBlur' | 'className'>;

/** What binds a text control to its field: the ref (focus on error), the value and the change and blur handlers. */
function textBinding<T extends FieldValues, N extends FieldPathByValue<T, string>>(field: ControllerRenderProps<T, N>) {
  return {
    ref: field.ref,
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    className: styles.input,
  };
}

/**
 * A labelled one-line text field bound to a react-hook-form field: the label, the input, a hint and the field's
 * validation message. Other props go to antd-mobile's Input.
 */
export function TextField<T extends FieldValues, B>(props: Labelled<T, B, string> & InputProps) {
  const { control, name, label, id, hint, ...input } = props;
  return (
    <FieldRow control={control} name={name} label={label} id={id} hint={hint}>
      {(field) => <Input {...input} {...textBinding(field)} id={id} />}
    </FieldRow>
  );
}

/** TextField's many-line sibling (antd-mobile's TextArea): notes, reasons, descriptions. */
export function TextAreaField<T extends FieldValues, B>(props: Labelled<T, B, string> & TextAreaProps) {
  const { control, name, label, id, hint, ...area } = props;
  return (
    <FieldRow control={control} name={name} label={label} id={id} hint={hint}>
      {(field) => <TextArea {...area} {...textBinding(field)} id={id} />}
    </FieldRow>
  );
}

/** A labelled native select bound to a text field; `placeholder` is a first, empty option ("choose …"). */
export function SelectField<T extends FieldValues, B>({
  control,
  name,
  label,
  id,
  hint,
  options,
  placeholder,
}: Labelled<T, B, string> & { options: readonly { value: string; label: string }[]; placeholder?: string }) {
  return (
    <FieldRow control={control} name={name} label={label} id={id} hint={hint}>
      {(field) => (
        <select
          ref={field.ref}
          id={id}
          className={styles.select}
          value={field.value}
          onChange={(e) => {
            field.onChange(e.currentTarget.value);
          }}
          onBlur={field.onBlur}
        >
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldRow>
  );
}

/** A yes/no field: a row titled `label` with a checkbox that says it again (published, highlighted). */
export function CheckboxField<T extends FieldValues, B>({
  control,
  name,
  label,
  hint,
}: Bound<T, B, FieldPathByValue<T, boolean>>) {
  return (
    <FieldRow control={control} name={name} label={label} hint={hint}>
      {(field) => (
        <Checkbox className={styles.switchRow} checked={field.value} onChange={field.onChange}>
          {label}
        </Checkbox>
      )}
    </FieldRow>
  );
}

/**
 * A text in the four languages, edited one language at a time (`lang`, chosen by the form's tabs): labelled
 * "label · language", its message the first of any language. With `autoSize` a text area with a count, else a
 * one-line input; `extra` draws more under it from the language's text and a setter for it.
 */
export function LocalizedTextField<T extends FieldValues, B>({
  control,
  name,
  lang,
  label,
  id,
  hint,
  maxLength,
  autoSize,
  extra,
}: Labelled<T, B, LocalizedText> & {
  lang: Locale;
  maxLength: number;
  autoSize?: { minRows: number; maxRows: number };
  extra?: (text: string, set: (next: string) => void) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <FieldRow control={control} name={name} label={`${label} · ${t(`langs.${lang}`)}`} id={id} hint={hint} nested>
      {(field) => {
        const value: LocalizedText = field.value;
        const set = (next: string) => {
          field.onChange({ ...value, [lang]: next });
        };
        const bound = {
          id,
          className: styles.input,
          value: value[lang],
          onChange: set,
          onBlur: field.onBlur,
          maxLength,
        };
        return (
          <>
            {autoSize ? <TextArea {...bound} autoSize={autoSize} showCount /> : <Input {...bound} />}
            {extra?.(value[lang], set)}
          </>
        );
      }}
    </FieldRow>
  );
}
