import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { TextAreaField } from './fields';
import own from './console-content.module.css';

interface NoteValues {
  note: string;
}

/**
 * A decision sent with a note (a rejection's reason, a resolution's note, a cash-out step's remark): `intro`, the
 * note (a text area with a count, validated by `schema` with its messages), the buttons given as children, then
 * the submit button. `send` gets the note as the schema makes it (trimmed); when it fails (the API client has
 * shown why) the form stays, else `onSent` gets its result.
 */
export function NoteForm<R>({
  name,
  intro,
  testId,
  schema,
  field,
  submitLabel,
  color,
  send,
  onSent,
  children,
}: {
  /** The form's accessible name. */
  name: string;
  intro?: ReactNode;
  testId?: string;
  schema: z.ZodType<string, string | undefined>;
  field: { id: string; label: string; hint?: string; maxLength: number; maxRows: number };
  submitLabel: string;
  color: 'danger' | 'primary';
  send: (note: string) => Promise<R>;
  onSent: (result: R) => void;
  children?: ReactNode;
}) {
  const { control, handleSubmit, formState } = useForm<NoteValues, unknown, NoteValues>({
    // The schema's input may allow undefined (a default): the form always holds a string.
    resolver: zodResolver(z.object({ note: schema })) as Resolver<NoteValues, unknown, NoteValues>,
    defaultValues: { note: '' },
  });
  const submit = handleSubmit(async ({ note }) => {
    let result: R;
    try {
      result = await send(note);
    } catch {
      return;
    }
    onSent(result);
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={name} data-testid={testId}>
      {intro}
      <TextAreaField
        control={control}
        name="note"
        id={field.id}
        label={field.label}
        hint={field.hint}
        autoSize={{ minRows: 2, maxRows: field.maxRows }}
        maxLength={field.maxLength}
        showCount
      />
      <div className={own.decisionButtons}>
        {children}
        <Button color={color} type="submit" loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
