import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { supportEndpoints } from '@petheart/contracts';
import { renderApp } from '../../test-support/app';
import { SLOW, pullDown, station, stubSupport, summary } from './test/fixtures';

describe('EventsPage (the Events tab)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('links to where every coin goes: the platform’s public account (issue 28 §3)', async () => {
    stubSupport({ events: [] });
    const router = renderApp('/pages/beneficence/beneficence');
    await userEvent.click(await screen.findByRole('button', { name: 'Where every coin goes' }, SLOW));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/account');
    });
  });

  it('lists the events with their progress, station and supporters; a card opens its detail', async () => {
    const calls = stubSupport({
      events: [
        summary(2, { title: 'Winter food for 42 cats', completed: 30, target: 162, supporters: 5 }),
        summary(1, {
          title: 'Spring vaccines',
          status: 'closed',
          completed: 42,
          target: 42,
          supporters: 1,
          item_count: 1,
        }),
      ],
    });
    const router = renderApp('/pages/beneficence/beneficence');
    const cards = await screen.findAllByTestId('event-card', {}, SLOW);
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Winter food for 42 cats' })).toBeInTheDocument();
    expect(first).toHaveTextContent('In progress');
    expect(first).toHaveTextContent(`${station.name} · 42 animals`);
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    expect(within(first).getByTestId('progress-text')).toHaveTextContent('30 / 162 points');
    expect(first).toHaveTextContent('18%');
    expect(first).toHaveTextContent('5 supporters');
    expect(first).toHaveTextContent('2 items');
    expect(second).toHaveTextContent('Ended');
    expect(second).toHaveTextContent('100%');
    expect(second).toHaveTextContent('1 supporter');
    expect(second).toHaveTextContent('1 item');
    expect(calls.find((c) => c.endpoint === supportEndpoints.events)?.body).toEqual({ page: 1, limit: 10 });

    await userEvent.click(within(first).getByRole('link'));
    await waitFor(() => {
      expect(router.state.location.pathname + router.state.location.search).toBe('/pages/beneficence/detail?id=2');
    });
  });

  it('marks a title with its language when it is not the reader’s, and a translated one not (issue 29 §5)', async () => {
    stubSupport({
      events: [
        summary(2, { title: 'Winter food', text_lang: 'en' }),
        summary(1, { title: '冬の準備', text_lang: 'zh-TW' }),
      ],
    });
    renderApp('/pages/beneficence/beneficence', { locale: 'zh-TW' });
    const [english, translated] = (await screen.findAllByTestId('event-card', {}, SLOW)) as [HTMLElement, HTMLElement];
    expect(within(english).getByTestId('lang-tag')).toHaveTextContent('英文');
    expect(within(english).getByText('Winter food')).toHaveAttribute('lang', 'en');
    expect(within(translated).queryByTestId('lang-tag')).toBeNull();
  });

  it('pages: more on Load more, and a pull-down starts again from page 1', async () => {
    const events = Array.from({ length: 12 }, (_, i) => summary(12 - i));
    const calls = stubSupport({ events });
    renderApp('/pages/beneficence/beneficence');
    expect(await screen.findAllByTestId('event-card', {}, SLOW)).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('event-card')).toHaveLength(12);
    });
    expect(screen.getByText('No more')).toBeInTheDocument();
    const pages = () => calls.filter((c) => c.endpoint === supportEndpoints.events).map((c) => c.body.page);
    expect(pages()).toEqual([1, 2]);

    pullDown(screen.getByTestId('events-list'));
    await waitFor(() => {
      expect(pages()).toEqual([1, 2, 1]);
    });
  });

  it('the empty state, and Apply for support (a tourist logs in first)', async () => {
    stubSupport({ events: [] });
    const router = renderApp('/pages/beneficence/beneficence');
    expect(await screen.findByText('No support events yet', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply for support' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/pages/beneficence/apply');
  });

  it('the empty state in Chinese', async () => {
    stubSupport({ events: [] });
    renderApp('/pages/beneficence/beneficence', { locale: 'zh-CN' });
    expect(await screen.findByText('暂无救助活动', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '公益活动' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '申请援助' })).toBeInTheDocument();
  });
});
