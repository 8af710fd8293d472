import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { statementEndpoints, type Locale, type StatementListData } from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';
import { ApiContext } from '../../shared/api/ApiProvider';
import { LanguageProvider, createI18n } from '../../shared/i18n';
import en from '../../locales/en/transparency.json';
import ja from '../../locales/ja/transparency.json';
import zhCN from '../../locales/zh-CN/transparency.json';
import zhTW from '../../locales/zh-TW/transparency.json';
import { StatementsSection, shortHash } from './StatementsSection';

const H1 = 'a'.repeat(56) + '12345678';
const H0 = '0'.repeat(64);
const DATA: StatementListData = {
  base_id: 4,
  list: [
    {
      month: '2026-03',
      lines: 1,
      prev_hash: H0,
      hash: H1,
      created_at: 1_775_000_000,
      json_url: '/files/2026-03.json',
      csv_url: '/files/2026-03.csv',
    },
    {
      month: '2026-02',
      lines: 0,
      prev_hash: H0,
      hash: H0,
      created_at: 1_772_000_000,
      json_url: '/files/2026-02.json',
      csv_url: '/files/2026-02.csv',
    },
  ],
};

/** The section alone, with an API client that answers `answer` for the statement list. */
function renderSection(answer: () => Promise<StatementListData>, locale: Locale = 'en') {
  localStorage.setItem('language', locale);
  const call = vi.fn((endpoint: unknown) =>
    endpoint === statementEndpoints.list ? answer() : Promise.reject(new Error('unexpected call')),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LanguageProvider i18n={createI18n(locale, { transparency: { en, ja, 'zh-CN': zhCN, 'zh-TW': zhTW } })}>
        <ApiContext.Provider value={{ call } as unknown as ApiClient}>
          <StatementsSection baseId={4} />
        </ApiContext.Provider>
      </LanguageProvider>
    </QueryClientProvider>,
  );
  return call;
}

describe('StatementsSection', () => {
  afterEach(() => {
    cleanup();
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(window, 'isSecureContext');
    localStorage.removeItem('language');
  });

  it('lists each month’s lines, its hash shortened in monospace, the downloads and how to verify', async () => {
    const call = renderSection(() => Promise.resolve(DATA));
    await screen.findByRole('heading', { name: 'Monthly statements' });
    const rows = await screen.findAllByTestId('statement');
    expect(call).toHaveBeenCalledWith(statementEndpoints.list, { base_id: 4 }, { silent: true });
    expect(rows.map((r) => r.getAttribute('data-month'))).toEqual(['2026-03', '2026-02']);
    expect(rows[0]).toHaveTextContent(/Mar 2026.*1 line/);
    expect(rows[1]).toHaveTextContent(/Feb 2026.*0 lines/);
    const hash = within(rows[0] as HTMLElement).getByTestId('statement-hash');
    expect(hash).toHaveTextContent('aaaaaaaa…12345678');
    expect(hash).toHaveAttribute('title', H1);
    expect(hash.tagName).toBe('CODE');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Download the JSON of Mar 2026' })).toHaveAttribute(
      'href',
      '/files/2026-03.json',
    );
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Download the CSV of Mar 2026' })).toHaveAttribute(
      'href',
      '/files/2026-03.csv',
    );
    expect(screen.getByTestId('statements')).toHaveTextContent('npm run verify-statement -- FILE');
  });

  it('copies the whole hash', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    renderSection(() => Promise.resolve(DATA));
    await screen.findByRole('heading', { name: 'Monthly statements' });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy the hash of Mar 2026' }));
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith(H1);
    });
  });

  it('says when there is no statement yet, and when they could not be loaded (in the reader’s language)', async () => {
    renderSection(() => Promise.resolve({ base_id: 4, list: [] }));
    expect(await screen.findByText(/The first statement appears/)).toBeInTheDocument();
    cleanup();
    renderSection(() => Promise.reject(new Error('offline')), 'ja');
    expect(await screen.findByText(/月次明細を読み込めませんでした/)).toBeInTheDocument();
  });

  it('shortens only long hashes', () => {
    expect(shortHash('abc')).toBe('abc');
    expect(shortHash(H1)).toBe('aaaaaaaa…12345678');
  });
});
