import { createRequire } from 'node:module';
import { version as reactVersion } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, stubApi } from '../test-support/app';
import { ROUTES } from './routes';

const renderAt = (path: string, locale: 'en' | 'ja' = 'en') => renderApp(path, { locale });

const SPEC_PATHS = [
  '/',
  '/pages/newIndex/newIndex',
  '/pages/beneficence/beneficence',
  '/pages/mine/mine',
  '/pages/index/index',
  '/pages/index/search',
  '/pages/index/petCorner',
  '/pages/public/login',
  '/pages/public/register',
  '/pages/public/forgetPassword',
  '/pages/public/set',
  '/pages/public/video',
  '/pages/public/article',
  '/pages/public/account',
  '/pages/public/custom',
  '/pages/public/web',
  '/pages/public/onePage',
  '/pages/public/orderConfirm',
  '/pages/public/Q&A',
  '/pages/public/proof',
  '/pages/public/certificate',
  '/pages/community/community',
  '/pages/community/detail',
  '/pages/beneficence/apply',
  '/pages/beneficence/detail',
  '/pages/mine/userinfo',
  '/pages/mine/impact',
  '/pages/mine/notifications',
  '/pages/mine/follows',
  '/pages/mine/fans',
  '/pages/mine/support',
  '/pages/certificate/certificate',
  '/pages/money/money',
  '/pages/live/live',
  '/pages/report/report',
  '/pages/baseDetail/baseDetail',
  '/pages/publish/publish',
  '/pages/myPublish/myPublish',
  '/pages/history/history',
  '/pages/manage/manage',
  '/pages/cashOut/cashOut',
  '/pages/cashOut/log',
  '/uni_modules/u-avatar-cropper/u-avatar-cropper',
];

/**
 * npm currently hoists React 18 to the repository root (antd-mobile's @react-spring peer range) while this app
 * uses React 19 from apps/web/node_modules. Under vitest, libraries Node loads from the root (react-i18next,
 * antd-mobile…) then get the other React and every hook fails. The production build dedupes React (see
 * vite.config.ts); these rendering tests run once the install has a single React (e.g. a root `overrides`).
 */
const repoRoot = `${import.meta.dirname}/../../../../package.json`;
const rootReact = (createRequire(repoRoot)('react/package.json') as { version: string }).version;
const singleReact = rootReact === reactVersion;

describe('the route table', () => {
  it('registers every spec route at its exact path', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...SPEC_PATHS].sort());
  });
});

describe.skipIf(!singleReact)('the app shell (rendered)', () => {
  beforeEach(() => {
    stubApi();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('home: the tab bar with three items, the statistics from config', async () => {
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'PetHeart' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Home', 'Event', 'Me']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/',
      '/pages/beneficence/beneficence',
      '/pages/mine/mine',
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('3.4w')).toBeInTheDocument();
    expect(screen.getByText('1.2k')).toBeInTheDocument();
    expect(screen.getByText('2.5kg')).toBeInTheDocument();
    expect(document.title).toBe('PetHeart');
  });

  it('the routed page is the one main landmark, the tab bar beside it', async () => {
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'PetHeart' });
    const main = screen.getByRole('main');
    expect(main).toContainElement(await screen.findByRole('heading', { level: 1, name: 'PetHeart' }));
    expect(main).not.toContainElement(nav);
  });

  it('the console brings its own main landmark, not nested in the app’s', async () => {
    renderAt('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('a page outside the tabs: its title in the chosen language, no tab bar', async () => {
    renderAt('/pages/public/Q&A');
    expect(await screen.findByRole('heading', { level: 1, name: 'Q&A' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'PetHeart' })).toBeNull();
  });

  it('a page in Japanese, with <html lang>', async () => {
    localStorage.setItem('token', 'tok');
    renderAt('/pages/myPublish/myPublish', 'ja');
    expect(await screen.findByRole('heading', { level: 1, name: '自分の投稿' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ja');
  });

  it('the index page: Follow / For You menus and the Mon–Sun feeding calendar', async () => {
    renderAt('/pages/index/index');
    expect(await screen.findByRole('tab', { name: 'For You' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Follow' })).toBeInTheDocument();
    // The calendar and the leaderboard arrive with their own chunk.
    expect(await screen.findByRole('heading', { name: 'Leaderboard' }, { timeout: 5000 })).toBeInTheDocument();
    for (const d of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) expect(screen.getByText(d)).toBeInTheDocument();
    for (const s of ["What's New", 'Live Near You', 'Top Live Streams', 'Feeding calendar']) {
      expect(screen.getByRole('heading', { name: s })).toBeInTheDocument();
    }
  });

  it('sends a tourist on a login-required route to login with a redirect', async () => {
    const router = renderAt('/pages/money/money?id=3');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/pages/money/money?id=3');
  });

  it('lets a logged-in user open a login-required route', async () => {
    localStorage.setItem('token', 'tok');
    const router = renderAt('/pages/cashOut/log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cash-out log' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pages/cashOut/log');
  });

  it('an unknown path shows the not-found page', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
