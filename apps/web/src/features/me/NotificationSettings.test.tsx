import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  notificationEndpoints,
  pushEndpoints,
  userEndpoints,
  type NotificationKind,
  type NotificationSettingsData,
  type Role,
  type UserInfo,
} from '@petheart/contracts';
import { demoUser, renderApp, stubApi, type ApiCall } from '../../test-support/app';

const SLOW = { timeout: 10_000 };
/** A VAPID public key's shape: 65 bytes, base64url. */
const KEY = `B${'A'.repeat(86)}`;
const USER_KINDS: NotificationKind[] = [
  'post_approved',
  'post_rejected',
  'cashout_status',
  'support_reviewed',
  'support_goal',
  'feed_refunded',
  'room_online',
];
const STATION_KINDS: NotificationKind[] = ['station_offline', 'station_hopper_low', 'station_jam'];

const user = (roles: Role[]): UserInfo => demoUser({ balance: 0, roles });

function settingsData(over: Partial<NotificationSettingsData> = {}): NotificationSettingsData {
  return {
    push_kinds: [],
    email_kinds: [],
    quiet_start: null,
    quiet_end: null,
    time_zone: 'UTC',
    lang: 'en',
    available_kinds: USER_KINDS,
    has_email: true,
    ...over,
  };
}

/** The API: settings as given, saves echoed back (with what Settings shows besides), every other call answered. */
function api(initial: NotificationSettingsData, roles: Role[] = ['user']): ApiCall[] {
  let current = initial;
  return stubApi((c) => {
    if (c.endpoint === userEndpoints.index) return { userinfo: user(roles) };
    if (c.endpoint === notificationEndpoints.settings) return current;
    if (c.endpoint === notificationEndpoints.saveSettings) {
      current = { ...current, ...(c.body as Partial<NotificationSettingsData>) };
      return current;
    }
    if (c.endpoint === pushEndpoints.key) return { public_key: KEY };
    if (c.endpoint === pushEndpoints.subscribe || c.endpoint === pushEndpoints.unsubscribe) return {};
    if (c.endpoint === userEndpoints.logout) return {};
    return undefined;
  });
}

interface FakePush {
  permission: NotificationPermission;
  subscription: { endpoint: string } | null;
  subscribedWith: Uint8Array | null;
  browserUnsubscribes: number;
}

/** A browser with the Push API: the permission prompt answers `answer`; subscribe fails when told. */
function pushBrowser(
  o: {
    permission?: NotificationPermission;
    answer?: NotificationPermission;
    subscribed?: boolean;
    fails?: boolean;
  } = {},
): FakePush {
  const state: FakePush = {
    permission: o.permission ?? 'default',
    subscription: null,
    subscribedWith: null,
    browserUnsubscribes: 0,
  };
  const key = new Uint8Array(65);
  const subscription = (endpoint: string) => ({
    endpoint,
    options: { applicationServerKey: key.buffer },
    toJSON: () => ({ endpoint, keys: { p256dh: 'BPpublic', auth: 'secret' } }),
    unsubscribe: () => {
      state.subscription = null;
      state.browserUnsubscribes += 1;
      return Promise.resolve(true);
    },
  });
  if (o.subscribed) state.subscription = subscription('https://push.example/existing');
  const registration = {
    pushManager: {
      getSubscription: () => Promise.resolve(state.subscription),
      subscribe: (options: { applicationServerKey: Uint8Array }) => {
        if (o.fails) return Promise.reject(new DOMException('push service not available', 'AbortError'));
        state.subscribedWith = options.applicationServerKey;
        state.subscription = subscription('https://push.example/new');
        return Promise.resolve(state.subscription);
      },
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: () => Promise.resolve(registration) },
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission: () => {
      state.permission = o.answer ?? 'granted';
      return Promise.resolve(state.permission);
    },
  });
  return state;
}

const saves = (calls: ApiCall[]) => calls.filter((c) => c.endpoint === notificationEndpoints.saveSettings);
const section = () => screen.findByRole('region', { name: 'Notifications' }, SLOW);

describe('Settings → Notifications', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it('turns push on: asks, subscribes with the server’s key, sends the subscription in the app’s language, opts in', async () => {
    const browser = pushBrowser();
    const calls = api(settingsData());
    renderApp('/pages/public/set', { token: 'tok', locale: 'ja' });
    const region = await screen.findByRole('region', { name: '通知' }, SLOW);
    const master = within(region).getByRole('switch', { name: 'プッシュ通知' });
    expect(master).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(master);
    await waitFor(() => {
      expect(saves(calls)).toHaveLength(1);
    });
    expect(browser.permission).toBe('granted');
    expect(browser.subscribedWith).toHaveLength(65);
    expect(calls.find((c) => c.endpoint === pushEndpoints.subscribe)?.body).toEqual({
      endpoint: 'https://push.example/new',
      keys: { p256dh: 'BPpublic', auth: 'secret' },
      lang: 'ja',
    });
    expect(saves(calls)[0]?.body).toMatchObject({ push_kinds: USER_KINDS, lang: 'ja' });
    expect(await within(region).findByRole('switch', { name: '投稿が承認されたとき' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(master).toHaveAttribute('aria-checked', 'true');
  });

  it('says so when the browser refuses the permission', async () => {
    pushBrowser({ answer: 'denied' });
    api(settingsData());
    renderApp('/pages/public/set', { token: 'tok' });
    const region = await section();
    await userEvent.click(within(region).getByRole('switch', { name: 'Push notifications' }));
    expect(await within(region).findByRole('status')).toHaveTextContent('Notifications are blocked for this site');
    expect(within(region).getByRole('switch', { name: 'Push notifications' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('without a Push API the switch stays off and says why', async () => {
    const calls = api(settingsData());
    renderApp('/pages/public/set', { token: 'tok' });
    const region = await section();
    expect(await within(region).findByRole('status')).toHaveTextContent(
      'This browser cannot receive push notifications',
    );
    expect(within(region).getByRole('switch', { name: 'Push notifications' })).toHaveAttribute('aria-disabled', 'true');
    expect(calls.some((c) => c.endpoint === pushEndpoints.subscribe)).toBe(false);
  });

  it('says so when subscribing fails (no push service reachable)', async () => {
    pushBrowser({ fails: true });
    const calls = api(settingsData());
    renderApp('/pages/public/set', { token: 'tok' });
    const region = await section();
    await userEvent.click(within(region).getByRole('switch', { name: 'Push notifications' }));
    expect(await within(region).findByRole('status')).toHaveTextContent('could not be turned on');
    expect(within(region).getByRole('switch', { name: 'Push notifications' })).toHaveAttribute('aria-checked', 'false');
    expect(saves(calls)).toEqual([]);
  });

  it('saves a kind turned off, and quiet hours (22:00 to 07:00 first) in the browser’s time zone', async () => {
    pushBrowser({ permission: 'granted', subscribed: true });
    const calls = api(settingsData({ push_kinds: USER_KINDS }));
    renderApp('/pages/public/set', { token: 'tok' });
    const region = await section();
    await userEvent.click(await within(region).findByRole('switch', { name: 'A room I follow is live again' }));
    await waitFor(() => {
      expect(saves(calls)).toHaveLength(1);
    });
    expect(saves(calls)[0]?.body.push_kinds).toEqual(USER_KINDS.filter((k) => k !== 'room_online'));

    await userEvent.click(within(region).getByRole('switch', { name: 'Quiet hours' }));
    await waitFor(() => {
      expect(saves(calls)).toHaveLength(2);
    });
    expect(saves(calls)[1]?.body).toMatchObject({
      quiet_start: 22 * 60,
      quiet_end: 7 * 60,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    const from = await within(region).findByLabelText('From');
    expect(from).toHaveValue('22:00');
    expect(within(region).getByLabelText('To')).toHaveValue('07:00');
    // A time is saved once chosen (the field left), not at each digit typed.
    fireEvent.change(from, { target: { value: '23:30' } });
    expect(saves(calls)).toHaveLength(2);
    fireEvent.blur(from);
    await waitFor(() => {
      expect(saves(calls).at(-1)?.body).toMatchObject({ quiet_start: 23 * 60 + 30, quiet_end: 7 * 60 });
    });
  });

  it('offers operators their station alerts, and e-mail for them only with an address', async () => {
    pushBrowser({ permission: 'granted', subscribed: true });
    const calls = api(
      settingsData({
        push_kinds: ['station_jam'],
        available_kinds: [...USER_KINDS, ...STATION_KINDS],
        has_email: false,
      }),
      ['user', 'operator'],
    );
    renderApp('/pages/public/set', { token: 'tok' });
    const region = await section();
    expect(await within(region).findByRole('switch', { name: 'A feeder is jammed' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(region).getByRole('switch', { name: 'A hopper is running low' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(within(region).queryByRole('switch', { name: 'Items are waiting for review' })).toBeNull();
    const email = within(region).getByRole('switch', { name: 'Station alerts by e-mail' });
    expect(email).toHaveAttribute('aria-disabled', 'true');
    expect(within(region).getByText(/Add an e-mail address/)).toBeInTheDocument();
    expect(saves(calls)).toEqual([]);
  });

  it('shows a user no station alerts and no e-mail choice', async () => {
    pushBrowser({ permission: 'granted', subscribed: true });
    api(settingsData({ push_kinds: ['room_online'] }));
    renderApp('/pages/public/set', { token: 'tok' });
    const region = await section();
    await within(region).findByRole('switch', { name: 'A room I follow is live again' });
    expect(within(region).getAllByRole('switch')).toHaveLength(1 + USER_KINDS.length + 1);
    expect(within(region).queryByRole('switch', { name: 'Station alerts by e-mail' })).toBeNull();
  });

  it('hands an existing subscription to the API at start, and drops it at logout before the login ends', async () => {
    const browser = pushBrowser({ permission: 'granted', subscribed: true });
    const calls = api(settingsData({ push_kinds: USER_KINDS }));
    renderApp('/pages/public/set', { token: 'tok' });
    await waitFor(() => {
      expect(calls.some((c) => c.endpoint === pushEndpoints.subscribe)).toBe(true);
    }, SLOW);
    expect(calls.find((c) => c.endpoint === pushEndpoints.subscribe)?.body).toMatchObject({
      endpoint: 'https://push.example/existing',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    // antd-mobile's dialog animates in (pointer-events: none meanwhile, which jsdom never finishes)
    await userEvent.setup({ pointerEventsCheck: 0 }).click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => {
      expect(calls.some((c) => c.endpoint === userEndpoints.logout)).toBe(true);
    }, SLOW);
    const order = calls
      .map((c) => c.endpoint)
      .filter((e) => e === pushEndpoints.unsubscribe || e === userEndpoints.logout);
    expect(order).toEqual([pushEndpoints.unsubscribe, userEndpoints.logout]);
    expect(calls.find((c) => c.endpoint === pushEndpoints.unsubscribe)?.body).toEqual({
      endpoint: 'https://push.example/existing',
    });
    expect(browser.browserUnsubscribes).toBe(1);
  });
});
