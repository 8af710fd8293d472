import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LanguageProvider, createI18n } from '../../shared/i18n';
import { FormFooter, FormRow, RemoveButton, saveWithToast } from './ui';
import admin from '../../locales/en/admin.json';

function inEnglish(ui: React.ReactNode) {
  return render(
    <LanguageProvider i18n={createI18n('en', { admin: { en: admin, ja: {}, 'zh-CN': {}, 'zh-TW': {} } })}>
      {ui}
    </LanguageProvider>,
  );
}

describe('console form kit', () => {
  afterEach(cleanup);

  it('FormRow labels its control and announces its (translated) message', async () => {
    inEnglish(
      <FormRow label="Name" htmlFor="f-name" error="v.enter" hint="Shown to everyone">
        <input id="f-name" />
      </FormRow>,
    );
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    expect(screen.getByText('Shown to everyone')).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).not.toBe('');
    expect(alert.textContent.startsWith('v.')).toBe(false);
  });

  it('FormFooter cancels, and submits its form with Save or its own labels', async () => {
    const cancel = vi.fn();
    const submit = vi.fn((e: React.SyntheticEvent) => {
      e.preventDefault();
    });
    inEnglish(
      <>
        <form onSubmit={submit}>
          <FormFooter onCancel={cancel} submitting={false} />
        </form>
        <form>
          <FormFooter onCancel={cancel} submitting={false} submitLabel="Publish" cancelLabel="Back" />
        </form>
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Back' })).not.toHaveAttribute('type', 'submit');
  });

  it('RemoveButton is named by its label and removes', async () => {
    const remove = vi.fn();
    inEnglish(<RemoveButton label="Remove photo 2" onRemove={remove} />);
    const button = await screen.findByRole('button', { name: 'Remove photo 2' });
    expect(button.textContent).toBe('×');
    fireEvent.click(button);
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('saveWithToast says it is saved and hands on the answer, or does nothing more when refused', async () => {
    const onSaved = vi.fn();
    await saveWithToast(() => Promise.resolve({ id: 7 }), 'Saved it', onSaved);
    expect(onSaved).toHaveBeenCalledWith({ id: 7 });
    expect(await screen.findByText('Saved it')).toBeTruthy();

    const refused = vi.fn();
    await saveWithToast(() => Promise.reject(new Error('refused')), 'Not this', refused);
    expect(refused).not.toHaveBeenCalled();
    expect(screen.queryByText('Not this')).toBeNull();
  });
});
