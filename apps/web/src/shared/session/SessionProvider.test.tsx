import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiProvider } from '../api';
import { LanguageProvider, createI18n } from '../i18n';
import { stubApi } from '../../test-support/app';
import { createEventBus, createTokenStore, useSession, type Session } from '.';
import { SessionProvider } from './SessionProvider';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Renders the session with `loadVisitorId` and hands out what it provides. */
function renderSession(loadVisitorId: () => Promise<string>) {
  const seen: { session: Session | null } = { session: null };
  function Probe() {
    seen.session = useSession();
    return null;
  }
  const tokens = createTokenStore(localStorage);
  render(
    <LanguageProvider i18n={createI18n('en', {}, {})}>
      <MemoryRouter>
        <ApiProvider tokens={tokens}>
          <SessionProvider tokens={tokens} events={createEventBus()} loadVisitorId={loadVisitorId}>
            <Probe />
          </SessionProvider>
        </ApiProvider>
      </MemoryRouter>
    </LanguageProvider>,
  );
  return seen;
}

describe('the session’s visitor id', () => {
  it('is not computed at start, then once when first asked for, and kept', async () => {
    stubApi();
    const load = vi.fn(() => Promise.resolve('visitor-1'));
    const seen = renderSession(load);
    await waitFor(() => {
      expect(seen.session?.config).toBeTruthy();
    });
    expect(load).not.toHaveBeenCalled();
    const session = seen.session;
    if (!session) throw new Error('no session');
    expect(await Promise.all([session.visitorId(), session.visitorId()])).toEqual(['visitor-1', 'visitor-1']);
    expect(await session.visitorId()).toBe('visitor-1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is asked for again after a failed computation', async () => {
    stubApi();
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('blocked')).mockResolvedValue('v2');
    const seen = renderSession(load);
    await waitFor(() => {
      expect(seen.session).not.toBeNull();
    });
    const session = seen.session;
    if (!session) throw new Error('no session');
    await expect(session.visitorId()).rejects.toThrow('blocked');
    expect(await session.visitorId()).toBe('v2');
  });
});
