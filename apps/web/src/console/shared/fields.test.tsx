import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LanguageProvider, createI18n } from '../../shared/i18n';
import { TextAreaField, TextField } from './fields';

const Schema = z.object({ name: z.string().min(1, 'v.enter'), note: z.string().max(5, 'v.commentTooLong') });
type Values = z.infer<typeof Schema>;

function Form({ onValid }: { onValid: (v: Values) => void }) {
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(Schema),
    defaultValues: { name: '', note: '' },
  });
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
      <TextField control={control} name="name" id="f-name" label="Name" hint="Shown to everyone" maxLength={20} />
      <TextAreaField control={control} name="note" id="f-note" label="Note" rows={2} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('console form fields', () => {
  afterEach(cleanup);

  it('binds label, value and the validation message (translated) to the form field', async () => {
    let saved: Values | undefined;
    render(
      <LanguageProvider i18n={createI18n('en')}>
        <Form onValid={(v) => (saved = v)} />
      </LanguageProvider>,
    );
    expect(await screen.findByText('Shown to everyone')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'far too long' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toHaveLength(2);
    expect(alerts.every((a) => a.textContent !== '' && !a.textContent.startsWith('v.'))).toBe(true);
    expect(saved).toBeUndefined();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Bund' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'ok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(saved).toEqual({ name: 'Bund', note: 'ok' });
    });
  });
});
