import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { LanguageProvider, createI18n } from '../../shared/i18n';
import { useConfirmedMutation } from './confirm';
import admin from '../../locales/en/admin.json';

const user = userEvent.setup({ pointerEventsCheck: 0 });

function Rows({ run, answered }: { run: (id: number) => Promise<unknown>; answered: () => void }) {
  const remove = useConfirmedMutation({
    question: (id: number) => `Delete row ${String(id)}?`,
    run,
    done: (id) => (id === 2 ? undefined : 'Deleted'),
    refresh: ['rows'],
  });
  return (
    <>
      {[1, 2].map((id) => (
        <button key={id} type="button" onClick={() => void remove.confirm(id).then(answered)}>
          Delete {id}
        </button>
      ))}
    </>
  );
}

function renderRows(run: (id: number) => Promise<unknown>) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const answered = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <LanguageProvider i18n={createI18n('en', { admin: { en: admin, ja: {}, 'zh-CN': {}, 'zh-TW': {} } })}>
        <Rows run={run} answered={answered} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
  return { invalidate, answered, mutations: () => queryClient.getMutationCache().getAll() };
}

/**
 * antd-mobile's Dialog settles its promise after its closing animation, which runs on animation frames: slow on
 * a loaded machine. Waits after a dialog's button allow for that.
 */
const AFTER_DIALOG = { timeout: 5_000 };

/** The confirmation dialog open with `question` (its accessible name). */
async function dialog(question: string) {
  return within(await screen.findByRole('dialog', { name: question }));
}

describe('a console action confirmed first', () => {
  afterEach(() => {
    Toast.clear();
    Dialog.clear();
    cleanup();
  });

  it('does nothing when cancelled', async () => {
    const run = vi.fn(() => Promise.resolve());
    const { invalidate, answered, mutations } = renderRows(run);
    await user.click(await screen.findByRole('button', { name: 'Delete 1' }));
    await user.click((await dialog('Delete row 1?')).getByRole('button', { name: 'Cancel' }));
    // `confirm` has returned (the dialog's promise settles on the click; its closing animation may take seconds
    // under load): a confirmed action would have started its mutation by now (react-query marks it pending
    // before its first await).
    await waitFor(() => {
      expect(answered).toHaveBeenCalled();
    });
    expect(mutations()).toEqual([]);
    expect(run).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('runs once confirmed, toasts and refreshes the lists', async () => {
    const run = vi.fn(() => Promise.resolve());
    const { invalidate } = renderRows(run);
    await user.click(await screen.findByRole('button', { name: 'Delete 1' }));
    await user.click((await dialog('Delete row 1?')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deleted', {}, AFTER_DIALOG)).toBeInTheDocument();
    expect(run).toHaveBeenCalledWith(1, expect.anything());
    await waitFor(() => {
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['rows'] });
    }, AFTER_DIALOG);
  });

  it('toasts nothing when `done` answers no text', async () => {
    const run = vi.fn(() => Promise.resolve());
    const { invalidate } = renderRows(run);
    await user.click(await screen.findByRole('button', { name: 'Delete 2' }));
    await user.click((await dialog('Delete row 2?')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['rows'] });
    }, AFTER_DIALOG);
    expect(run).toHaveBeenCalledWith(2, expect.anything());
    expect(screen.queryByText('Deleted')).toBeNull();
  });

  it('refreshes the lists after a failure too, with no success toast', async () => {
    const run = vi.fn(() => Promise.reject(new Error('refused')));
    const { invalidate } = renderRows(run);
    await user.click(await screen.findByRole('button', { name: 'Delete 1' }));
    await user.click((await dialog('Delete row 1?')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['rows'] });
    }, AFTER_DIALOG);
    expect(screen.queryByText('Deleted')).toBeNull();
  });
});
