import { createBrowserRouter, type RouteObject } from 'react-router';
import type { i18n as I18n } from 'i18next';
import type { EventBus, TokenStore } from '../shared/session';
import type { OpenLiveSocket } from '../shared/notifications/live-socket';
import { AppRoot, PageFallback } from './AppRoot';
import { ADMIN_PAGE, ADMIN_PATH, ROUTES, loadPage, type RouteHandle } from './routes';
import { NotFoundPage, RouteErrorPage } from './StatusPages';

/** What the app hands the shell: the token store, the app events and the live socket's opener. */
export interface AppDeps {
  tokens: TokenStore;
  events: EventBus;
  openSocket?: OpenLiveSocket;
  /** The app's i18next instance: a route resolves once its page's strings are in it (loadPage). */
  i18n?: I18n;
}

/** The route objects (exported for tests, which mount them in a memory router). */
export function appRoutes(deps: AppDeps): RouteObject[] {
  const pages: RouteObject[] = ROUTES.map((r) => ({
    path: r.path,
    lazy: loadPage(r.page, deps.i18n),
    handle: { requiresLogin: r.requiresLogin ?? false, tab: r.tab ?? false } satisfies RouteHandle,
  }));
  return [
    {
      path: '/',
      element: <AppRoot tokens={deps.tokens} events={deps.events} openSocket={deps.openSocket} />,
      HydrateFallback: PageFallback,
      errorElement: <RouteErrorPage />,
      children: [
        {
          errorElement: <RouteErrorPage />,
          children: [
            ...pages,
            { path: `${ADMIN_PATH}/*`, lazy: loadPage(ADMIN_PAGE, deps.i18n) },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(deps: AppDeps) {
  return createBrowserRouter(appRoutes(deps));
}
