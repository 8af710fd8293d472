import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminContentItem, AdminContentListData } from '@petheart/contracts';
import { contentConsoleEndpoints } from '@petheart/contracts';
import { renderApp, type ApiCall } from '../../test-support/app';
import { SLOW, stubConsole, stubPointerCapture } from '../shared/console-test-support';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const QA: AdminContentItem = {
  id: 3,
  kind: 'qa',
  key: null,
  page_kind: null,
  title: { en: 'How does feeding work?', ja: '', 'zh-CN': '投喂怎么进行？', 'zh-TW': '' },
  summary: { en: '', ja: '', 'zh-CN': '', 'zh-TW': '' },
  body: { en: 'Pick a portion.', ja: '', 'zh-CN': '选择份量。', 'zh-TW': '' },
  url: '',
  cover: '',
  highlight: false,
  published: true,
  sort_order: 5,
  created_at: 1_717_200_000,
  updated_at: 1_717_200_000,
};

beforeAll(stubPointerCapture);

function stub() {
  return stubConsole((call: ApiCall) => {
    if (call.endpoint === contentConsoleEndpoints.list)
      return { list: [QA], total: 1, page: 1, limit: 10 } satisfies AdminContentListData;
    if (call.endpoint === contentConsoleEndpoints.create || call.endpoint === contentConsoleEndpoints.update)
      return { ...QA, ...call.body, id: QA.id };
    return undefined;
  });
}

const tab = (form: HTMLElement, name: RegExp) => within(form).getByRole('tab', { name });

describe('the console content editor (four languages)', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('creates a question written in two languages, checking each language has both parts', async () => {
    const calls = stub();
    renderApp('/admin/content', { token: 'admin-token' });
    expect(await screen.findByTestId('content-row-3', {}, SLOW)).toHaveTextContent('How does feeding work?');
    expect(calls.find((c) => c.endpoint === contentConsoleEndpoints.list)?.body).toEqual({
      kind: 'qa',
      page: 1,
      limit: 10,
    });
    await user.click(screen.getByRole('button', { name: 'New question' }));
    const form = await screen.findByTestId('content-form');
    expect(tab(form, /^English/)).toHaveAttribute('aria-selected', 'true');

    // Nothing written: the question and the answer are asked for.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Please enter the question')).toBeInTheDocument();
    expect(within(form).getByText('Please enter the answer')).toBeInTheDocument();

    // A question in English and an answer in Japanese only: each language needs both or neither.
    await user.type(within(form).getByLabelText('Question · English'), 'Can I visit a base?');
    expect(tab(form, /^English/)).toHaveAccessibleName(/partly written/);
    await user.click(tab(form, /^日本語/));
    expect(within(form).queryByLabelText('Question · English')).toBeNull();
    await user.type(within(form).getByLabelText('Answer · 日本語'), 'はい、事前にご連絡ください。');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('In each language, fill in both the title and the text, or leave both empty'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.endpoint === contentConsoleEndpoints.create)).toBe(false);

    await user.type(within(form).getByLabelText('Question · 日本語'), '拠点を見学できますか？');
    await user.click(tab(form, /^English/));
    await user.type(within(form).getByLabelText('Answer · English'), 'Yes, write to us first.');
    expect(tab(form, /^English/)).toHaveAccessibleName(/English: written/);
    expect(tab(form, /^日本語/)).toHaveAccessibleName(/日本語: written/);
    expect(tab(form, /^简体中文/)).toHaveAccessibleName(/not written/);
    await user.clear(within(form).getByLabelText('Order'));
    await user.type(within(form).getByLabelText('Order'), '2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === contentConsoleEndpoints.create)?.body).toEqual({
        kind: 'qa',
        title: { en: 'Can I visit a base?', ja: '拠点を見学できますか？', 'zh-CN': '', 'zh-TW': '' },
        body: { en: 'Yes, write to us first.', ja: 'はい、事前にご連絡ください。', 'zh-CN': '', 'zh-TW': '' },
        published: true,
        sort_order: 2,
      });
    });
  });

  it('edits an item in each of its languages and unpublishes it', async () => {
    const calls = stub();
    renderApp('/admin/content', { token: 'admin-token' });
    const row = await screen.findByTestId('content-row-3', {}, SLOW);
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('content-form');
    expect(within(form).getByLabelText('Question · English')).toHaveValue('How does feeding work?');
    await user.click(tab(form, /^简体中文/));
    expect(within(form).getByLabelText('Question · 简体中文')).toHaveValue('投喂怎么进行？');
    await user.type(within(form).getByLabelText('Answer · 简体中文'), '然后点投喂。');
    await user.click(within(form).getByRole('checkbox', { name: 'Published' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === contentConsoleEndpoints.update)?.body).toMatchObject({
        id: 3,
        kind: 'qa',
        body: { en: 'Pick a portion.', 'zh-CN': '选择份量。然后点投喂。' },
        published: false,
        sort_order: 5,
      });
    });
  });

  it('asks before deleting, with the spec text', async () => {
    const calls = stub();
    renderApp('/admin/content', { token: 'admin-token' });
    const row = await screen.findByTestId('content-row-3', {}, SLOW);
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const text = await screen.findByText('Are you sure you want to delete this item?');
    expect(calls.some((c) => c.endpoint === contentConsoleEndpoints.delete)).toBe(false);
    await user.click(within(text.closest('.adm-dialog-body') as HTMLElement).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === contentConsoleEndpoints.delete)?.body).toEqual({ id: 3 });
    });
  });
});
