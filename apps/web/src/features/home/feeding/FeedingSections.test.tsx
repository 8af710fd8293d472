import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeaderboardData, UserInfo } from '@petheart/contracts';
import { feedStatsEndpoints, userEndpoints } from '@petheart/contracts';
import { renderApp, stubApi, type ApiCall } from '../../../test-support/app';
import { dateKey, monthKey } from './calendar';

const user: UserInfo = {
  id: 7,
  nickname: 'Mia',
  email: 'mia@example.com',
  mobile: null,
  avatar: '',
  login_days: 1,
  balance: 0,
  roles: ['user'],
  created_at: 1,
};
const today = new Date();
const board = (period: LeaderboardData['period'], signedIn: boolean): LeaderboardData => ({
  period,
  since: null,
  list:
    period === 'today'
      ? [
          { rank: 1, nickname: 'Leo', avatar: '', grams: 40, me: false },
          { rank: 2, nickname: 'Mia', avatar: '', grams: 30, me: signedIn },
        ]
      : [{ rank: 1, nickname: 'Kai', avatar: '/uploads/kai.png', grams: 1200, me: false }],
  mine: signedIn ? (period === 'today' ? { rank: 2, grams: 30 } : { rank: null, grams: 30 }) : null,
});

function stub(signedIn: boolean) {
  return stubApi((c: ApiCall) => {
    if (c.endpoint === userEndpoints.index) return signedIn ? { userinfo: user } : undefined;
    if (c.endpoint === feedStatsEndpoints.calendar) {
      // Today 30 g, in this month and in the week's.
      const days = c.body.month === monthKey(today) ? [{ date: dateKey(today), grams: 30, feeds: 2 }] : [];
      return { month: c.body.month, days, total_grams: days.length ? 30 : 0 };
    }
    if (c.endpoint === feedStatsEndpoints.leaderboard)
      return board(c.body.period as LeaderboardData['period'], signedIn);
    return undefined;
  });
}

describe('the index page’s feeding calendar and leaderboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a tourist this week (Mon to Sun), a login prompt, and the public leaderboard', async () => {
    const calls = stub(false);
    renderApp('/pages/index/index');
    const calendar = await screen.findByTestId('feeding-calendar', {}, { timeout: 5000 });
    expect(within(calendar).getByTestId('calendar-weekdays')).toHaveTextContent('MonTueWedThuFriSatSun');
    expect(within(calendar).getAllByRole('listitem')).toHaveLength(7);
    expect(within(calendar).getByText('Log in to see the days you fed.')).toBeInTheDocument();
    expect(calendar.querySelector('[data-fed]')).toBeNull();
    const leaders = await screen.findAllByTestId('leader');
    expect(leaders.map((l) => l.textContent)).toEqual(['1Leo40g', '2Mia30g']);
    expect(calls.some((c) => c.endpoint === feedStatsEndpoints.calendar)).toBe(false);
    // The browser's zone goes with the leaderboard.
    const asked = calls.find((c) => c.endpoint === feedStatsEndpoints.leaderboard);
    expect(asked?.body).toMatchObject({ period: 'today', tz_offset: 0 - today.getTimezoneOffset() });
  });

  it('marks the days the user fed, in the week and the month, and switches the board’s period', async () => {
    const calls = stub(true);
    renderApp('/pages/index/index', { token: 'tok' });
    const calendar = await screen.findByTestId('feeding-calendar', {}, { timeout: 5000 });
    await waitFor(() => {
      expect(calendar.querySelector(`[data-date="${dateKey(today)}"]`)).toHaveAttribute('data-fed', 'true');
    });
    const marked = calendar.querySelector(`[data-date="${dateKey(today)}"]`);
    expect(marked).toHaveTextContent('30g');
    expect(marked?.getAttribute('aria-label')).toMatch(/Today, fed 30g$/);
    expect(within(calendar).getByTestId('calendar-summary')).toHaveTextContent('You fed on 1 day this week · 30g');

    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(calendar).toHaveAttribute('data-view', 'month');
    expect(within(calendar).getByTestId('calendar-month')).toHaveTextContent(
      new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long' }).format(today),
    );
    expect(within(calendar).getByTestId('calendar-summary')).toHaveTextContent('You fed on 1 day this month · 30g');
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => {
      expect(within(calendar).getByTestId('calendar-summary')).toHaveTextContent(
        'No feeding here yet. The days you feed are marked.',
      );
    });

    const me = (await screen.findAllByTestId('leader'))[1];
    expect(me).toHaveTextContent('2MiaYou30g');
    await userEvent.click(screen.getByRole('tab', { name: 'All time' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('leader').map((l) => l.textContent)).toEqual(['1Kai1.2kg']);
    });
    expect(screen.getByTestId('leaderboard-mine')).toHaveTextContent('You: 30g, not on the board yet');
    expect(calls.filter((c) => c.endpoint === feedStatsEndpoints.leaderboard).map((c) => c.body.period)).toEqual([
      'today',
      'all',
    ]);
  });
});
