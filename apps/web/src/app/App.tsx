import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LanguageProvider, createI18n, localeOf, readPreference } from '../shared/i18n';
import { createEventBus, createTokenStore } from '../shared/session';
import { openLiveSocket } from '../shared/notifications/live-socket';
import { featureNamespaceLoaders } from './i18n';
import { createAppRouter } from './router';

/** Creates the app's single instances (i18n, query client, token store, events, router) and provides them. */
export function App() {
  const [app] = useState(() => {
    const tokens = createTokenStore(localStorage);
    const events = createEventBus();
    const i18n = createI18n(localeOf(readPreference(localStorage), navigator), {}, featureNamespaceLoaders());
    return {
      i18n,
      queryClient: new QueryClient({
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
      }),
      router: createAppRouter({ tokens, events, openSocket: openLiveSocket, i18n }),
    };
  });
  return (
    <QueryClientProvider client={app.queryClient}>
      <LanguageProvider i18n={app.i18n}>
        <RouterProvider router={app.router} />
      </LanguageProvider>
    </QueryClientProvider>
  );
}
