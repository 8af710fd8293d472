import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  ALL_ENDPOINTS,
  configurationEndpoints,
  type AppConfig,
  type Endpoint,
  type Locale,
  type UserInfo,
} from '@petheart/contracts';
import { LanguageProvider, createI18n } from '../shared/i18n';
import { createEventBus, createTokenStore } from '../shared/session';
import { featureNamespaceLoaders } from '../app/i18n';
import { appRoutes } from '../app/router';
import type { OpenLiveSocket } from '../shared/notifications/live-socket';

/**
 * Test support for page tests (never imported by app code): the whole app rendered at a route with its
 * providers, and `fetch` stubbed with a small fake of the API.
 */

/** The signed-in demo user as /user/index answers it, with whatever a test changes. */
export const demoUser = (over: Partial<UserInfo> = {}): UserInfo => ({
  id: 2,
  nickname: 'Demo',
  email: 'demo@petheart.local',
  mobile: null,
  avatar: '',
  login_days: 3,
  balance: 120,
  roles: ['user'],
  created_at: 1_700_000_000,
  ...over,
});

/** What /configuration/getConfiguration answers unless a test passes its own. */
export const CONFIG: AppConfig = {
  name: 'PetHeart',
  version: '1.0.2',
  version_code: 102,
  theme_color: '#54BDFF',
  asset_host: '',
  currency: 'CNY',
  locales: ['en', 'ja', 'zh-CN', 'zh-TW'],
  recharge_packages: [],
  feeding_portions: [],
  statistics: { devices_deployed: 12, animals_helped: 34567, total_feeders: 1200, total_food_grams: 2500 },
  cash_out: { min_amount: 10000, fee_rate_bp: 60 },
  support_types: [{ id: 1, name: 'Food' }],
  oauth: { google: false, facebook: false },
};

/**
 * One request the app made: the endpoint of packages/contracts it called (undefined for an address that is no
 * endpoint) and the JSON body ({} when there is none). Tests find calls by endpoint object, never by path.
 */
export type ApiCall = { endpoint: Endpoint | undefined; body: Record<string, unknown> };

/** The endpoint a request went to, by method and path. */
export function endpointOf(method: string, url: string): Endpoint | undefined {
  const path = new URL(url, 'http://app').pathname;
  return ALL_ENDPOINTS.find(
    (e) =>
      e.method === method &&
      (e.kind === 'json' ? e.path === path : new RegExp(`^${e.path.replace(/:[a-z_]+/gi, '[^/]+')}$`).test(path)),
  );
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** The call a stubbed `fetch` received. */
export function apiCallOf(input: Parameters<typeof fetch>[0], init: RequestInit | undefined): ApiCall {
  const url = urlOf(input);
  return {
    endpoint: endpointOf(init?.method ?? 'GET', url),
    body: (typeof init?.body === 'string' ? JSON.parse(init.body) : {}) as Record<string, unknown>,
  };
}

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

/**
 * Stubs `fetch` (undo with `vi.unstubAllGlobals()`): the configuration gets `config`; any other call gets
 * `reply(call)` as the envelope's data, or a 404 `not_found` when `reply` returns undefined. Returns the calls.
 */
export function stubApi(reply: (call: ApiCall) => unknown = () => undefined, config: AppConfig = CONFIG): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const call = apiCallOf(input, init);
      calls.push(call);
      const data = call.endpoint === configurationEndpoints.getConfiguration ? config : reply(call);
      return data === undefined
        ? json(404, { code: 0, msg: '404', time: 1, data: { error: 'not_found' } })
        : json(200, { code: 1, msg: '', time: 1, data });
    }),
  );
  return calls;
}

/**
 * Renders the app at `path` (or at the last of several history entries) in `locale`, signed in when a token
 * is given. Queries do not retry. No notification socket opens unless `openSocket` is given (a stand-in).
 * Returns the router, to follow navigation.
 */
export function renderApp(
  path: string | string[],
  { locale = 'en', token, openSocket }: { locale?: Locale; token?: string; openSocket?: OpenLiveSocket } = {},
) {
  localStorage.setItem('language', locale);
  if (token) localStorage.setItem('token', token);
  const entries = typeof path === 'string' ? [path] : path;
  const router = createMemoryRouter(
    appRoutes({ tokens: createTokenStore(localStorage), events: createEventBus(), openSocket }),
    {
      initialEntries: entries,
      initialIndex: entries.length - 1,
    },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LanguageProvider i18n={createI18n(locale, {}, featureNamespaceLoaders())}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
  return router;
}

/**
 * After `stubApi`: holds the answer of every call to `endpoint` until `release()`, to see what a page shows
 * while that data is on its way.
 */
export function holdApi(endpoint: Endpoint): { release: () => void } {
  const answer = vi.mocked(fetch).getMockImplementation();
  if (!answer) throw new Error('holdApi: stub the API first (stubApi)');
  let open: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    open = resolve;
  });
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    if (endpointOf(init?.method ?? 'GET', urlOf(input)) === endpoint) await held;
    return answer(input, init);
  });
  return {
    release: () => {
      open();
    },
  };
}
