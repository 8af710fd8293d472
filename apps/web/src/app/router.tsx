import { createBrowserRouter, type RouteObject } from 'react-router';
import type { EventBus, TokenStore } from '../shared/session';
import { AppRoot, PageFallback } from './AppRoot';
import { ADMIN_PAGE, ADMIN_PATH, ROUTES, loadPage, type RouteHandle } from './routes';
import { NotFoundPage, RouteErrorPage } from './StatusPages';

/** The route objects (exported for tests, which mount them in a memory router). */
export function appRoutes(deps: { tokens: TokenStore; events: EventBus }): RouteObject[] {
  const pages: RouteObject[] = ROUTES.map((r) => ({
    path: r.path,
    lazy: loadPage(r.page),
    handle: { requiresLogin: r.requiresLogin ?? false, tab: r.tab ?? false } satisfies RouteHandle,
  }));
  return [
    {
      path: '/',
      element: <AppRoot tokens={deps.tokens} events={deps.events} />,
      HydrateFallback: PageFallback,
      errorElement: <RouteErrorPage />,
      children: [
        {
          errorElement: <RouteErrorPage />,
          children: [
            ...pages,
            { path: `${ADMIN_PATH}/*`, lazy: loadPage(ADMIN_PAGE) },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(deps: { tokens: TokenStore; events: EventBus }) {
  return createBrowserRouter(appRoutes(deps));
}
