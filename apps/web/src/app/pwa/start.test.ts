import { describe, expect, it, vi } from 'vitest';
import { SW_URL } from './updates';
import { reloadForNewVersion, startServiceWorker, wantsServiceWorker, whenIdle } from './start';

/** A window whose page has `readyState`, with or without requestIdleCallback. */
function fakeWindow(readyState: DocumentReadyState, idle: boolean) {
  const target = new EventTarget();
  const idleCallbacks: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const win = {
    document: { readyState },
    addEventListener: target.addEventListener.bind(target),
    setTimeout: (cb: () => void) => timers.push(cb),
    ...(idle ? { requestIdleCallback: (cb: () => void) => idleCallbacks.push(cb) } : {}),
  };
  return { win: win as never, target, idleCallbacks, timers };
}

describe('whether the app registers its service worker', () => {
  const withWorker = { serviceWorker: {} } as unknown as Navigator;
  const withoutWorker = {} as Navigator;

  it('does in a production build in a browser with service workers', () => {
    expect(wantsServiceWorker(true, withWorker)).toBe(true);
  });

  it('does not on the dev server or under vitest (not production), nor where there are none (insecure origin)', () => {
    expect(wantsServiceWorker(false, withWorker)).toBe(false);
    expect(wantsServiceWorker(true, withoutWorker)).toBe(false);
    // this run itself: vitest's mode is not production
    expect(import.meta.env.PROD).toBe(false);
  });

  it('leaves navigator.serviceWorker alone under vitest', () => {
    const register = vi.fn();
    const win = { navigator: { serviceWorker: { register } } } as unknown as Window;
    startServiceWorker(win);
    expect(register).not.toHaveBeenCalled();
  });

  it('reloads at once for a new version where there is no worker to update first', () => {
    const reload = vi.fn();
    reloadForNewVersion({ navigator: {}, location: { reload } } as unknown as Window, true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('when the app registers it', () => {
  it('after the page has loaded, when the browser is idle', () => {
    const { win, target, idleCallbacks } = fakeWindow('interactive', true);
    const run = vi.fn();
    whenIdle(win, run);
    expect(idleCallbacks).toHaveLength(0);
    target.dispatchEvent(new Event('load'));
    expect(idleCallbacks).toHaveLength(1);
    expect(run).not.toHaveBeenCalled();
    idleCallbacks[0]?.();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('at the next idle time when the page has loaded already; a second later where there is no idle callback', () => {
    const loaded = fakeWindow('complete', true);
    whenIdle(loaded.win, vi.fn());
    expect(loaded.idleCallbacks).toHaveLength(1);
    const safari = fakeWindow('complete', false);
    const run = vi.fn();
    whenIdle(safari.win, run);
    expect(safari.timers).toHaveLength(1);
    safari.timers[0]?.();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('registers /sw.js through the loaded module some seconds after the first idle time (a production build)', async () => {
    const { win, idleCallbacks, timers } = fakeWindow('complete', true);
    const register = vi.fn(() =>
      Promise.resolve({ waiting: null, installing: null, addEventListener: vi.fn(), update: vi.fn() }),
    );
    const page = Object.assign(win, {
      navigator: { serviceWorker: { register, controller: null }, language: 'en' },
      localStorage,
    }) as unknown as Window;
    Object.assign(page.document, { querySelector: () => null, addEventListener: vi.fn() });
    startServiceWorker(page, true);
    expect(register).not.toHaveBeenCalled();
    idleCallbacks[0]?.();
    // Idle is not enough: the first view's downloads come first.
    await Promise.resolve();
    expect(register).not.toHaveBeenCalled();
    expect(timers).toHaveLength(1);
    timers[0]?.();
    await vi.waitFor(() => {
      expect(register).toHaveBeenCalledWith(SW_URL, { scope: '/', updateViaCache: 'none' });
    });
  });
});
