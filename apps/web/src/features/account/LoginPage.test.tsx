import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Locale } from '@petheart/contracts';
import { LanguageProvider, createI18n } from '../../shared/i18n';
import { createEventBus, createTokenStore } from '../../shared/session';
import { featureNamespaceLoaders } from '../../app/i18n';
import { appRoutes } from '../../app/router';

const CONFIG = {
  name: 'PetHeart',
  version: '1.0.2',
  version_code: 102,
  theme_color: '#54BDFF',
  asset_host: '',
  currency: 'CNY',
  locales: ['en', 'ja', 'zh-CN', 'zh-TW'],
  recharge_packages: [],
  feeding_portions: [],
  statistics: { devices_deployed: 1, animals_helped: 1, total_feeders: 1, total_food_grams: 1 },
  cash_out: { min_amount: 10000, fee_rate_bp: 60 },
  support_types: [],
  oauth: { google: true, facebook: false },
};

function stubApi(oauth = CONFIG.oauth) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.replace(/^.*\/api/, '');
      calls.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
      const ok = (data: unknown) =>
        Promise.resolve(new Response(JSON.stringify({ code: 1, msg: 'OK', time: 1, data }), { status: 200 }));
      if (path.includes('getConfiguration')) return ok({ ...CONFIG, oauth });
      if (path === '/ems/send' || path === '/sms/send') return ok({});
      return Promise.resolve(
        new Response(JSON.stringify({ code: 0, msg: 'nope', time: 1, data: { error: 'not_found' } }), { status: 404 }),
      );
    }),
  );
  return calls;
}

function renderLogin(locale: Locale, path = '/pages/public/login') {
  localStorage.setItem('language', locale);
  const router = createMemoryRouter(appRoutes({ tokens: createTokenStore(localStorage), events: createEventBus() }), {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LanguageProvider i18n={createI18n(locale, {}, featureNamespaceLoaders())}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('LoginPage', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers Google sign-in in English when the server has it, and not Facebook', async () => {
    stubApi();
    renderLogin('en', '/pages/public/login?redirect=%2Fpages%2Fmoney%2Fmoney');
    expect(await screen.findByRole('button', { name: /Continue with Google/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Facebook/ })).not.toBeInTheDocument();
  });

  it('shows no third-party sign-in outside English', async () => {
    stubApi();
    renderLogin('ja');
    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeInTheDocument();
    await waitFor(() => {
      expect(vi.mocked(fetch)).toHaveBeenCalled();
    });
    expect(screen.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument();
  });

  it('shows the specification prompts when submitted empty', async () => {
    stubApi({ google: false, facebook: false });
    renderLogin('en');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your login account')).toBeInTheDocument();
    expect(screen.getByText('Please enter the password')).toBeInTheDocument();
    expect(screen.getByText('Please check the relevant agreements first')).toBeInTheDocument();
  });

  it('sends the login code to the phone in Simplified Chinese and counts down', async () => {
    const calls = stubApi();
    renderLogin('zh-CN');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: '验证码登录' }));
    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: /\d+秒后重发/ })).toBeDisabled();
    expect(calls).toContainEqual({ path: '/sms/send', body: { mobile: '13800138000', event: 'mobilelogin' } });
  });
});
