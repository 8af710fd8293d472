import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LanguageProvider, createI18n } from '../../shared/i18n';
import { CheckboxField, LocalizedTextField, SelectField, TextAreaField, TextField } from './fields';
import { CellField } from './settings-ui';
import admin from '../../locales/en/admin.json';

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

const More = z.object({
  base: z.string().min(1, 'v.enter'),
  published: z.boolean(),
  name: z.object({ en: z.string().min(1, 'v.enter'), ja: z.string(), 'zh-CN': z.string(), 'zh-TW': z.string() }),
  items: z.array(z.object({ title: z.string().max(3, 'v.commentTooLong') })),
});
type MoreValues = z.infer<typeof More>;

function MoreForm({ onValid }: { onValid: (v: MoreValues) => void }) {
  const { control, handleSubmit } = useForm<MoreValues>({
    resolver: zodResolver(More),
    defaultValues: {
      base: '',
      published: false,
      name: { en: '', ja: '', 'zh-CN': '', 'zh-TW': '' },
      items: [{ title: '' }],
    },
  });
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
      <SelectField
        control={control}
        name="base"
        id="f-base"
        label="Base"
        placeholder="Choose a base"
        options={[
          { value: '1', label: 'North' },
          { value: '2', label: 'South' },
        ]}
      />
      <CheckboxField control={control} name="published" label="Published" hint="Readers see it" />
      <LocalizedTextField
        control={control}
        name="name"
        id="f-name-en"
        lang="en"
        label="Name"
        maxLength={20}
        extra={(text) => <output data-testid="echo">{text}</output>}
      />
      <table>
        <tbody>
          <tr>
            <CellField control={control} name="items.0.title" label="Title 1" numeric={false} maxLength={40} />
          </tr>
        </tbody>
      </table>
      <button type="submit">Save</button>
    </form>
  );
}

describe('console select, checkbox, per-language and cell fields', () => {
  afterEach(cleanup);

  it('binds each to its form field, with its label and its message', async () => {
    let saved: MoreValues | undefined;
    render(
      <LanguageProvider i18n={createI18n('en', { admin: { en: admin, ja: {}, 'zh-CN': {}, 'zh-TW': {} } })}>
        <MoreForm onValid={(v) => (saved = v)} />
      </LanguageProvider>,
    );
    const base = await screen.findByLabelText('Base');
    expect(Array.from(base.querySelectorAll('option')).map((o) => o.textContent)).toEqual([
      'Choose a base',
      'North',
      'South',
    ]);
    expect(screen.getByText('Readers see it')).toBeTruthy();
    const cell = screen.getByLabelText('Title 1');
    expect(cell.getAttribute('inputmode')).toBeNull();
    expect(cell.getAttribute('maxlength')).toBe('40');

    fireEvent.change(cell, { target: { value: 'far too long' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The select's and the English name's messages (in rows), and the cell's (under it).
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(saved).toBeUndefined();

    fireEvent.change(base, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('checkbox'));
    const name = screen.getByLabelText('Name · English');
    fireEvent.change(name, { target: { value: 'Bund' } });
    expect(screen.getByTestId('echo').textContent).toBe('Bund');
    fireEvent.change(cell, { target: { value: 'ok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(saved).toEqual({
        base: '2',
        published: true,
        name: { en: 'Bund', ja: '', 'zh-CN': '', 'zh-TW': '' },
        items: [{ title: 'ok' }],
      });
    });
  });
});
