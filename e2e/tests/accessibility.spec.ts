import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { expect, test } from '../support/fixtures';
import { ADMIN, DEMO_USER, loginByApi } from '../support/devices';

/**
 * axe-core at phone size (375×812) on the spec's main pages, signed out and signed in: no serious or critical
 * violation, a viewport that lets the reader zoom, and exactly one `main` landmark on every page.
 */

type Account = { email: string; password: string };

interface PageCheck {
  name: string;
  path: string;
  /** Resolves once the page's own content (not a loading state) is on screen. */
  ready: (page: Page) => Promise<void>;
}

const heading = (page: Page, name: string, level = 1) => page.getByRole('heading', { level, name, exact: true });

/** No route chunk, lazy section or list still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.ph-page-fallback')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.adm-toast-main:visible')).toHaveCount(0);
}

const HOME: PageCheck = {
  name: 'home',
  path: '/',
  ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Watch live' })).toBeVisible();
    await expect(heading(page, 'Together so far', 2)).toBeVisible();
    await expect(heading(page, 'Top Live Streams', 2)).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' })).toBeVisible();
  },
};

const INDEX: PageCheck = {
  name: 'index',
  path: '/pages/index/index',
  ready: async (page) => {
    await expect(page.getByRole('tab', { name: 'For You' })).toHaveAttribute('aria-selected', 'true');
    await expect(heading(page, 'Leaderboard', 2)).toBeVisible();
    await expect(heading(page, 'Recommended for you', 2)).toBeVisible();
  },
};

const LIVE: PageCheck = {
  name: 'live',
  path: '/pages/live/live?device_id=PH-0001',
  ready: async (page) => {
    // The simulated feeder PH-0001 runs in the e2e server: its room loads and shows it online.
    await expect(page.getByTestId('feeder-state')).toHaveText('Feeder online', { timeout: 30_000 });
    await expect(page.getByTestId('feed-button')).toBeVisible();
  },
};

const COMMUNITY: PageCheck = {
  name: 'community',
  path: '/pages/community/community',
  ready: async (page) => {
    await expect(heading(page, 'Community')).toBeVisible();
    await expect(page.getByTestId('community-list').locator('article, .ph-empty').first()).toBeVisible();
    await expect(page.getByTestId('community-list').getByText('Loading')).toHaveCount(0);
  },
};

const MINE_SIGNED_OUT: PageCheck = {
  name: 'mine',
  path: '/pages/mine/mine',
  ready: async (page) => {
    await expect(heading(page, 'Me')).toBeVisible();
    await expect(page.getByTestId('mine-nickname')).toBeVisible();
  },
};

const MINE_SIGNED_IN: PageCheck = {
  ...MINE_SIGNED_OUT,
  ready: async (page) => {
    await MINE_SIGNED_OUT.ready(page);
    await expect(page.getByTestId('mine-balance')).toBeVisible();
  },
};

const MONEY: PageCheck = {
  name: 'money',
  path: '/pages/money/money',
  ready: async (page) => {
    await expect(heading(page, 'Recharge')).toBeVisible();
    await expect(page.getByTestId('money-balance')).toBeVisible();
    await expect(page.getByTestId('package-1')).toBeVisible();
  },
};

/** A tourist opening a login-required page lands on the login page. */
const LOGIN_REDIRECT = (from: PageCheck): PageCheck => ({
  name: `${from.name} (login)`,
  path: from.path,
  ready: async (page) => {
    await expect(page).toHaveURL(/\/pages\/public\/login\?redirect=/);
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  },
});

const HISTORY: PageCheck = {
  name: 'history',
  path: '/pages/history/history',
  ready: async (page) => {
    await expect(heading(page, 'Feeding log')).toBeVisible();
    await expect(page.getByTestId('feed-log').locator('.ph-list-footer, .ph-empty').first()).toBeVisible();
    await expect(page.getByTestId('feed-log').getByText('Loading')).toHaveCount(0);
  },
};

const PUBLIC_ACCOUNT: PageCheck = {
  name: 'public account',
  path: '/pages/public/account',
  ready: async (page) => {
    await expect(heading(page, 'Where every coin goes')).toBeVisible();
    await expect(page.getByTestId('account-raised')).toBeVisible();
    await settled(page);
  },
};

const IMPACT: PageCheck = {
  name: 'my impact',
  path: '/pages/mine/impact',
  ready: async (page) => {
    await expect(heading(page, 'My impact')).toBeVisible();
    await expect(page.getByTestId('impact-summary')).toBeVisible();
    await settled(page);
  },
};

const NOTIFICATIONS: PageCheck = {
  name: 'notifications',
  path: '/pages/mine/notifications',
  ready: async (page) => {
    await expect(heading(page, 'Notifications')).toBeVisible();
    await expect(page.getByTestId('notifications').locator('.ph-list-footer, .ph-empty').first()).toBeVisible();
    await expect(page.getByTestId('notifications').getByText('Loading')).toHaveCount(0);
  },
};

/** Me's lists (issue 29 §5): each shows its rows or its empty state once loaded. */
const meList = (name: string, path: string, title: string): PageCheck => ({
  name,
  path,
  ready: async (page) => {
    await expect(heading(page, title)).toBeVisible();
    await expect(page.locator('.ph-list-footer, .ph-empty').first()).toBeVisible();
    await expect(page.getByText('Loading')).toHaveCount(0);
  },
});
const ME_LISTS = [
  meList('following', '/pages/mine/follows', 'Following'),
  meList('fan groups', '/pages/mine/fans', 'My fan groups'),
  meList('support history', '/pages/mine/support', 'Support history'),
];

const SETTINGS: PageCheck = {
  name: 'settings with notifications',
  path: '/pages/public/set',
  ready: async (page) => {
    await expect(heading(page, 'Settings')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
    await settled(page);
  },
};

const CONSOLE_SIGN_IN: PageCheck = {
  name: 'console sign-in',
  path: '/admin',
  ready: async (page) => {
    await expect(heading(page, 'Sign in to the console')).toBeVisible();
  },
};

const CONSOLE: PageCheck = {
  name: 'console',
  path: '/admin',
  ready: async (page) => {
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(heading(page, 'Users')).toBeVisible();
    await expect(page.getByRole('cell', { name: ADMIN.email })).toBeVisible();
  },
};

const SIGNED_OUT: PageCheck[] = [
  HOME,
  INDEX,
  LIVE,
  COMMUNITY,
  MINE_SIGNED_OUT,
  LOGIN_REDIRECT(MONEY),
  LOGIN_REDIRECT(HISTORY),
  PUBLIC_ACCOUNT,
];
const SIGNED_IN: PageCheck[] = [
  HOME,
  INDEX,
  LIVE,
  COMMUNITY,
  MINE_SIGNED_IN,
  MONEY,
  HISTORY,
  IMPACT,
  NOTIFICATIONS,
  ...ME_LISTS,
  SETTINGS,
];

/** A phone-sized page (as the project's config), signed in as `account` when given (the token as login leaves it). */
async function phonePage(browser: Browser, baseURL: string, account?: Account): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  if (account) {
    const token = await loginByApi(baseURL, account.email, account.password);
    await context.addInitScript((t) => {
      localStorage.setItem('token', t);
    }, token);
  }
  return context.newPage();
}

/** A violation as the failure lists it: impact, rule, help, and the first nodes with axe's summary. */
function describeViolation(v: Result): string {
  const nodes = v.nodes
    .slice(0, 8)
    .map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`)
    .join('\n');
  const more = v.nodes.length > 8 ? `\n    … and ${String(v.nodes.length - 8)} more` : '';
  return `  [${v.impact ?? 'unknown'}] ${v.id} (${String(v.nodes.length)}): ${v.help}\n${nodes}${more}`;
}

/** Runs axe on what the page shows and returns the serious and critical violations, described. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(describeViolation);
}

/** What keeps the reader from zooming in the viewport meta (maximum-scale below 2, user-scalable=no), if anything. */
async function zoomProblem(page: Page): Promise<string | null> {
  const content = (await page.locator('meta[name="viewport"]').getAttribute('content')) ?? '';
  const props = new Map(
    content.split(',').map((p) => {
      const [key = '', value = ''] = p.split('=').map((s) => s.trim().toLowerCase());
      return [key, value] as const;
    }),
  );
  const userScalable = props.get('user-scalable');
  const maximumScale = props.get('maximum-scale');
  const blocked =
    (userScalable !== undefined && !['yes', '1'].includes(userScalable)) ||
    (maximumScale !== undefined && !(Number(maximumScale) >= 2));
  return blocked ? `the viewport meta disables zoom: "${content}"` : null;
}

/** Opens the page, waits for its content and lists what is wrong: zoom, the main landmark, axe's findings. */
async function check(page: Page, target: PageCheck): Promise<string[]> {
  await page.goto(target.path);
  await target.ready(page);
  return audit(page, target.name, target.path);
}

async function audit(page: Page, name: string, path: string): Promise<string[]> {
  await settled(page);
  const problems: string[] = [];
  const zoom = await zoomProblem(page);
  if (zoom) problems.push(zoom);
  const mains = await page.getByRole('main').count();
  if (mains !== 1) problems.push(`${String(mains)} main landmarks (want exactly one)`);
  problems.push(...(await seriousViolations(page)));
  return problems.map((p) => `${name} ${path}\n${p}`);
}

function expectNone(found: string[]): void {
  expect(found, `accessibility problems:\n${found.join('\n')}`).toEqual([]);
}

/** Checks each page in one phone-sized context (signed in as `account` if given) and lists what is wrong. */
async function checkAll(browser: Browser, baseURL: string, targets: PageCheck[], account?: Account) {
  const page = await phonePage(browser, baseURL, account);
  try {
    const found: string[] = [];
    for (const target of targets) found.push(...(await check(page, target)));
    return found;
  } finally {
    await page.context().close();
  }
}

test('the pages have no serious or critical axe violations, signed out', async ({ browser, baseURL }) => {
  expectNone(await checkAll(browser, baseURL ?? '', SIGNED_OUT));
});

test('the pages have no serious or critical axe violations, signed in', async ({ browser, baseURL }) => {
  expectNone(await checkAll(browser, baseURL ?? '', SIGNED_IN, DEMO_USER));
});

test('the manage page and a station’s health sheet have no serious or critical axe violations', async ({
  browser,
  baseURL,
}) => {
  // The demo user operates PH-0001.
  const page = await phonePage(browser, baseURL ?? '', DEMO_USER);
  try {
    await page.goto('/pages/manage/manage');
    await expect(heading(page, 'Device management')).toBeVisible();
    const found = await audit(page, 'manage', '/pages/manage/manage');
    await page
      .getByTestId('device-card')
      .filter({ hasText: 'PH-0001' })
      .getByRole('button', { name: 'Station health' })
      .click();
    await expect(page.getByTestId('health-sheet').getByTestId('care-online')).toBeVisible();
    found.push(...(await seriousViolations(page)).map((v) => `manage health sheet\n${v}`));
    expectNone(found);
  } finally {
    await page.context().close();
  }
});

test('the operator console has no serious or critical axe violations', async ({ browser, baseURL }) => {
  const page = await phonePage(browser, baseURL ?? '');
  try {
    const found = await check(page, CONSOLE_SIGN_IN);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await CONSOLE.ready(page);
    found.push(...(await audit(page, CONSOLE.name, '/admin/users')));
    // A list whose rows hold no button (the table must still be reachable to scroll it sideways).
    await page.getByRole('link', { name: 'Food given free' }).click();
    await expect(heading(page, 'Food given free')).toBeVisible();
    await expect(page.getByText('No food given free').or(page.getByRole('row').nth(1))).toBeVisible();
    found.push(...(await audit(page, CONSOLE.name, '/admin/free-food')));
    // A station's care page (its health, care actions and log), and the alerts across stations.
    await page.goto('/admin/devices/PH-0001');
    await expect(page.getByText('Running', { exact: true })).toBeVisible({ timeout: 15_000 });
    found.push(...(await audit(page, 'console station', '/admin/devices/PH-0001')));
    await page.goto('/admin/alerts');
    await expect(heading(page, 'Alerts')).toBeVisible();
    found.push(...(await audit(page, 'console alerts', '/admin/alerts')));
    expectNone(found);
  } finally {
    await page.context().close();
  }
});
