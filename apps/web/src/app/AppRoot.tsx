import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DotLoading } from 'antd-mobile';
import { ApiProvider } from '../shared/api';
import { SessionProvider, useSession, type EventBus, type TokenStore } from '../shared/session';
import { isTabPath, loginUrl } from '../shared/navigation/paths';
import { prefetchFeedback } from '../shared/ui/feedback';
import { NotificationsProvider } from '../shared/notifications/NotificationsProvider';
import type { OpenLiveSocket } from '../shared/notifications/live-socket';
import { isAdminPath, type RouteHandle } from './routes';
import { TabBar } from './TabBar';

/** Sends a tourist on a login-required route to the login page, with a redirect back. */
function RequireLogin() {
  const { token } = useSession();
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const requiresLogin = matches.some((m) => (m.handle as RouteHandle | undefined)?.requiresLogin === true);
  if (requiresLogin && !token) return <Navigate to={loginUrl(pathname + search)} replace />;
  return <Outlet />;
}

export function PageFallback() {
  const { t } = useTranslation('common');
  return (
    <div className="ph-page-fallback" role="status">
      <DotLoading color="primary" />
      <span className="ph-visually-hidden">{t('loading')}</span>
    </div>
  );
}

/**
 * The root route: providers that need the router, the login guard, the page (the document's one `main`
 * landmark; the operator console lays out its own, beside its navigation), and the tab bar. `openSocket` keeps
 * the signed-in user's notifications live (none in page tests unless they hand one in).
 */
export function AppRoot({
  tokens,
  events,
  openSocket,
}: {
  tokens: TokenStore;
  events: EventBus;
  openSocket?: OpenLiveSocket;
}) {
  const { pathname } = useLocation();
  const { t } = useTranslation('common');
  const productName = t('productName');
  // The default page title is the product name; a page's PageHeader (a passive effect, so it runs after
  // this layout effect) replaces it with the page's own title.
  useLayoutEffect(() => {
    document.title = productName;
  }, [pathname, productName]);
  useEffect(() => {
    const id = setTimeout(prefetchFeedback, 1500);
    return () => {
      clearTimeout(id);
    };
  }, []);
  return (
    <ApiProvider tokens={tokens}>
      <SessionProvider tokens={tokens} events={events}>
        <NotificationsProvider openSocket={openSocket}>
          {isAdminPath(pathname) ? (
            <Suspense fallback={<PageFallback />}>
              <RequireLogin />
            </Suspense>
          ) : (
            <main className={isTabPath(pathname) ? 'ph-app ph-app-tabbed' : 'ph-app'}>
              {/* A page suspends while its chunk's strings (its i18next namespace) load. */}
              <Suspense fallback={<PageFallback />}>
                <RequireLogin />
              </Suspense>
            </main>
          )}
          <TabBar />
        </NotificationsProvider>
      </SessionProvider>
    </ApiProvider>
  );
}
