import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contentEndpoints, parseContentBody, type Article } from '@petheart/contracts';
import { renderApp, stubApi } from '../../test-support/app';

const SLOW = { timeout: 5000 };

const ARTICLE: Article = {
  id: 7,
  title: 'Winter shelters are up',
  cover: '/uploads/cover.jpg',
  body: parseContentBody(
    [
      '## What we built',
      'Twelve **insulated** boxes, see [the live room](/pages/live/live?device_id=PH-0001).',
      '- straw bedding\n- wind flaps',
      'Written <script>alert(1)</script> by [us](https://example.org/about) and [not this](javascript:alert(1)).',
    ].join('\n\n'),
  ),
  created_at: 1_717_200_000,
  lang: 'en',
};

describe('ArticlePage (/pages/public/article)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the article: title, date, cover, a structured body, internal links pushed', async () => {
    const calls = stubApi(({ endpoint }) => (endpoint === contentEndpoints.article ? ARTICLE : undefined));
    const router = renderApp('/pages/public/article?id=7');
    expect(await screen.findByRole('heading', { level: 2, name: 'Winter shelters are up' }, SLOW)).toBeInTheDocument();
    expect(calls.find((c) => c.endpoint === contentEndpoints.article)?.body).toEqual({ id: 7 });
    expect(screen.getByRole('heading', { level: 1, name: 'Article' })).toBeInTheDocument();
    expect(screen.getByText(/^Published /)).toHaveTextContent('2024');
    expect(screen.getByRole('heading', { level: 2, name: 'What we built' })).toBeInTheDocument();
    expect(screen.getByText('insulated').tagName).toBe('STRONG');
    expect(screen.getByText('straw bedding').closest('li')).toBeInTheDocument();
    // Markup in the text stays text; unsafe link targets are not links.
    expect(screen.getByText(/Written <script>alert\(1\)<\/script> by/)).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.queryByRole('link', { name: 'not this' })).toBeNull();
    const outside = screen.getByRole('link', { name: 'us' });
    expect(outside).toHaveAttribute('href', 'https://example.org/about');
    expect(outside).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.click(screen.getByRole('link', { name: 'the live room' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/live/live');
    });
    expect(router.state.location.search).toBe('?device_id=PH-0001');
  });

  it('says when the article is shown in another language', async () => {
    stubApi(({ endpoint }) => (endpoint === contentEndpoints.article ? { ...ARTICLE, lang: 'en' } : undefined));
    renderApp('/pages/public/article?id=7', { locale: 'zh-CN' });
    expect(await screen.findByTestId('other-language', {}, SLOW)).toHaveTextContent('英文');
  });

  it('shows "no introduction yet" when there is no such article', async () => {
    stubApi(({ endpoint }) => (endpoint === contentEndpoints.article ? null : undefined));
    renderApp('/pages/public/article?id=99');
    expect(await screen.findByText('no introduction yet', {}, SLOW)).toBeInTheDocument();
  });

  it('shows it without asking the API when the id is missing, in Traditional Chinese', async () => {
    const calls = stubApi();
    renderApp('/pages/public/article', { locale: 'zh-TW' });
    expect(await screen.findByText('暫無介紹', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '文章' })).toBeInTheDocument();
    expect(calls.some((c) => c.endpoint === contentEndpoints.article)).toBe(false);
  });
});
