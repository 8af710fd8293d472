import {
  createContext,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AppConfig, LoginData, UserInfo } from '@petheart/contracts';
import { useApi } from '../api';
import { LOGIN_PATH } from '../navigation/paths';
import { DEFAULT_LOCATION, type AppLocation, type EventBus } from './events';
import { locate } from './location';
import { capturePid, removePidOnUnload } from './pid';
import type { TokenStore } from './storage';

export interface Session {
  token: string | null;
  user: UserInfo | null;
  config: AppConfig | null;
  login: (data: LoginData) => void;
  logout: () => Promise<void>;
  refreshUser: () => Promise<void>;
  /** Fetches the app configuration again (e.g. on pull-to-refresh of a page showing statistics). */
  refreshConfig: () => Promise<void>;
  setUser: (u: UserInfo) => void;
  pid: string | null;
  /**
   * The visitor id (spec §7: a fingerprint library supplies it), computed the first time something asks and
   * kept: the library costs a phone 150–240 ms of main-thread work, which no page should pay at start.
   */
  visitorId: () => Promise<string>;
  location: AppLocation;
  /** Asks the browser for the device location (may prompt); falls back to Shanghai; fires 'updateLocation'. */
  refreshLocation: () => Promise<AppLocation>;
  /** App events: 'loginSuccess', 'logout', 'updateLocation'. */
  events: EventBus;
}

export const SessionContext = createContext<Session | null>(null);

async function loadFingerprint(): Promise<string> {
  const { load } = await import('@fingerprintjs/fingerprintjs');
  const agent = await load();
  const result = await agent.get();
  return result.visitorId;
}

const loadEndpoints = () => import('./schemas');
/** Web Push (issue 29 §2), loaded only where this browser may hold a subscription (push allowed here). */
const loadPush = () => import('../push');
const mayPush = () =>
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window &&
  Notification.permission === 'granted';

export interface SessionProviderProps {
  tokens: TokenStore;
  events: EventBus;
  children: ReactNode;
  /** Test seam: where the visitor id comes from (default: @fingerprintjs/fingerprintjs, loaded lazily). */
  loadVisitorId?: () => Promise<string>;
}

/**
 * The session store: token, user info, app config, referral pid, visitor id and location.
 * On start it fetches the config, and the user info when a token exists.
 */
export function SessionProvider({ tokens, events, children, loadVisitorId = loadFingerprint }: SessionProviderProps) {
  const api = useApi();
  const navigate = useNavigate();
  const { search } = useLocation();
  const token = useSyncExternalStore(tokens.subscribe, tokens.get);
  const [user, setUserState] = useState<UserInfo | null>(null);
  const [config, setConfig] = useState<AppConfig | null>(null);
  // "On show": a pid in the query or a scene string is stored; removed when the app unloads.
  const pid = useMemo(() => capturePid(search, sessionStorage), [search]);
  const [location, setLocation] = useState<AppLocation>(DEFAULT_LOCATION);
  const loadVisitor = useRef(loadVisitorId);
  const visitor = useRef<Promise<string> | null>(null);
  const visitorId = useCallback(() => {
    visitor.current ??= loadVisitor.current().catch((error: unknown) => {
      visitor.current = null;
      throw error;
    });
    return visitor.current;
  }, []);

  const refreshConfig = useCallback(async () => {
    const { configurationEndpoints } = await loadEndpoints();
    setConfig(await api.call(configurationEndpoints.getConfiguration, undefined, { silent: true }));
  }, [api]);

  // The app configuration, once at start.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the state is set after the fetch resolves
    refreshConfig().catch(() => undefined);
  }, [refreshConfig]);

  const refreshUser = useCallback(async () => {
    if (!tokens.get()) {
      setUserState(null);
      return;
    }
    const { userEndpoints } = await loadEndpoints();
    const data = await api.call(userEndpoints.index);
    setUserState(data.userinfo);
  }, [api, tokens]);

  // User info whenever a token appears (a user without a token is never shown: see `value`).
  useEffect(() => {
    if (!token) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the state is set after the fetch resolves
    refreshUser().catch(() => undefined);
    // This browser's push subscription, if it has one, is kept under the current login and language.
    if (mayPush())
      void loadPush()
        .then((push) => push.refreshPush(api))
        .catch(() => undefined);
  }, [token, refreshUser, api]);

  useEffect(() => removePidOnUnload(window, sessionStorage), []);

  const applyLocation = useCallback(
    (next: AppLocation) => {
      setLocation(next);
      events.emit('updateLocation', next);
      return next;
    },
    [events],
  );

  // Location: the device's when already permitted, else Shanghai.
  useEffect(() => {
    let live = true;
    void locate(navigator, false).then((l) => {
      if (live) applyLocation(l);
    });
    return () => {
      live = false;
    };
  }, [applyLocation]);

  const refreshLocation = useCallback(async () => applyLocation(await locate(navigator, true)), [applyLocation]);

  const login = useCallback(
    (data: LoginData) => {
      const { token: newToken, expires_in: _expires, ...info } = data.userinfo;
      setUserState(info);
      tokens.set(newToken);
      events.emit('loginSuccess', undefined);
    },
    [tokens, events],
  );

  const logout = useCallback(async () => {
    if (tokens.get()) {
      // This browser's push subscription goes first, while the token still says whose it is.
      if (mayPush())
        await loadPush()
          .then((push) => push.unsubscribePush(api))
          .catch(() => undefined);
      const { userEndpoints } = await loadEndpoints();
      await api.call(userEndpoints.logout, undefined, { silent: true }).catch(() => undefined);
    }
    tokens.remove();
    setUserState(null);
    events.emit('logout', undefined);
    void navigate(LOGIN_PATH);
  }, [api, tokens, events, navigate]);

  const setUser = useCallback((u: UserInfo) => {
    setUserState(u);
  }, []);

  const value = useMemo<Session>(
    () => ({
      token,
      user: token ? user : null,
      config,
      login,
      logout,
      refreshUser,
      refreshConfig,
      setUser,
      pid,
      visitorId,
      location,
      refreshLocation,
      events,
    }),
    [
      token,
      user,
      config,
      login,
      logout,
      refreshUser,
      refreshConfig,
      setUser,
      pid,
      visitorId,
      location,
      refreshLocation,
      events,
    ],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}
