import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, UserInfo } from '@petheart/contracts';
import { userEndpoints } from '@petheart/contracts';
import { demoUser, renderApp, stubApi } from '../../test-support/app';

const SLOW = { timeout: 10_000 };
const user = (roles: Role[]): UserInfo => demoUser({ roles });

describe('the Me tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives base operators device management, cash-out and the cash-out log', async () => {
    stubApi((c) => (c.endpoint === userEndpoints.index ? { userinfo: user(['user', 'operator']) } : undefined));
    const router = renderApp('/pages/mine/mine', { token: 'tok' });
    const section = await screen.findByRole('region', { name: 'Base operator' }, SLOW);
    expect(
      within(section)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Device management', 'Cash out', 'Cash-out log']);
    await userEvent.click(within(section).getByRole('button', { name: 'Device management' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/manage/manage');
    });
  });

  it('shows them to no one else', async () => {
    stubApi((c) => (c.endpoint === userEndpoints.index ? { userinfo: user(['user']) } : undefined));
    renderApp('/pages/mine/mine', { token: 'tok', locale: 'ja' });
    expect(await screen.findByTestId('mine-nickname', {}, SLOW)).toHaveTextContent('Demo');
    expect(screen.getByRole('region', { name: 'マイサービス' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '拠点運営者' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'デバイス管理' })).toBeNull();
  });
});
