import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QaItem, QaListData } from '@petheart/contracts';
import { contentEndpoints } from '@petheart/contracts';
import { renderApp, stubApi } from '../../test-support/app';

const ITEMS: QaItem[] = [
  { id: 1, question: 'How does remote feeding work?', answer: 'Pick a portion.\nThe feeder drops it.' },
  { id: 2, question: 'Is my money safe?', answer: 'Coins are only charged when food falls.' },
];

/** The first render loads the page's chunk and strings. */
const SLOW = { timeout: 5000 };

const page = (list: QaItem[], total = list.length): QaListData => ({ list, total, page: 1, limit: 10 });

describe('QAPage (/pages/public/Q&A)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the questions under the title Q&A, the first open, the others opening on a tap', async () => {
    const calls = stubApi(({ endpoint }) => (endpoint === contentEndpoints.qa ? page(ITEMS) : undefined));
    renderApp('/pages/public/Q&A');
    expect(await screen.findByRole('heading', { level: 1, name: 'Q&A' }, SLOW)).toBeInTheDocument();
    const first = await screen.findByRole('button', { name: /How does remote feeding work\?/ });
    expect(first).toHaveAttribute('aria-expanded', 'true');
    // The answer is plain text with its line break kept (pre-wrap), not HTML.
    expect(screen.getByText(/Pick a portion\.\s+The feeder drops it\./)).toBeVisible();
    const second = screen.getByRole('button', { name: /Is my money safe\?/ });
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Coins are only charged when food falls.')).not.toBeVisible();
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Coins are only charged when food falls.')).toBeVisible();
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(calls.find((c) => c.endpoint === contentEndpoints.qa)?.body).toEqual({ page: 1, limit: 10 });
  });

  it('shows the spec empty state "no introduction yet" when there are no questions', async () => {
    stubApi(({ endpoint }) => (endpoint === contentEndpoints.qa ? page([]) : undefined));
    renderApp('/pages/public/Q&A');
    expect(await screen.findByText('no introduction yet', {}, SLOW)).toBeInTheDocument();
  });

  it('says it in Japanese too, and asks the API in Japanese', async () => {
    const calls = stubApi(({ endpoint }) => (endpoint === contentEndpoints.qa ? page([]) : undefined));
    renderApp('/pages/public/Q&A', { locale: 'ja' });
    expect(await screen.findByText('まだ紹介がありません', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => {
      expect(calls.some((c) => c.endpoint === contentEndpoints.qa)).toBe(true);
    });
  });

  it('renders markup in a question as text', async () => {
    stubApi(({ endpoint }) =>
      endpoint === contentEndpoints.qa
        ? page([{ id: 3, question: '<img src=x onerror=alert(1)>', answer: '<b>hi</b>' }])
        : undefined,
    );
    renderApp('/pages/public/Q&A');
    expect(await screen.findByText('<img src=x onerror=alert(1)>', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('<b>hi</b>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
