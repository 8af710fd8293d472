import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LanguageProvider, createI18n } from '../../shared/i18n';
import { createEventBus, createTokenStore } from '../../shared/session';
import { featureNamespaceLoaders } from '../../app/i18n';
import { appRoutes } from '../../app/router';

function stub() {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.replace(/^.*\/api/, '');
      calls.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
      const ok = (data: unknown) =>
        Promise.resolve(new Response(JSON.stringify({ code: 1, msg: '', time: 1, data }), { status: 200 }));
      if (path === '/report/create')
        return ok({ id: 1, device_id: 'PH-0001', reason: 'x', images: [], status: 'open', created_at: 1 });
      return Promise.resolve(
        new Response(JSON.stringify({ code: 0, msg: '404', time: 1, data: { error: 'not_found' } }), { status: 404 }),
      );
    }),
  );
  return calls;
}

function renderAt(path: string, token: string | null) {
  localStorage.setItem('language', 'en');
  if (token) localStorage.setItem('token', token);
  const router = createMemoryRouter(appRoutes({ tokens: createTokenStore(localStorage), events: createEventBus() }), {
    initialEntries: ['/pages/live/live?device_id=PH-0001', path],
    initialIndex: 1,
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LanguageProvider i18n={createI18n('en', {}, featureNamespaceLoaders())}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('ReportPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('needs a login', async () => {
    stub();
    const router = renderAt('/pages/report/report?device_id=PH-0001', null);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    });
  });

  it('asks for the reason, then sends it for the device', async () => {
    const calls = stub();
    renderAt('/pages/report/report?device_id=PH-0001', 'tok');
    const submit = await screen.findByRole('button', { name: 'Submit' });
    await userEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please describe the problem');
    expect(calls.some((c) => c.path === '/report/create')).toBe(false);
    await userEvent.type(screen.getByLabelText('What is wrong?'), '  The bowl is stuck  ');
    await userEvent.click(submit);
    await waitFor(() => {
      expect(calls.find((c) => c.path === '/report/create')?.body).toEqual({
        device_id: 'PH-0001',
        reason: 'The bowl is stuck',
        images: [],
      });
    });
    expect(await screen.findByText('Thank you! Your report has been submitted')).toBeInTheDocument();
  });
});
