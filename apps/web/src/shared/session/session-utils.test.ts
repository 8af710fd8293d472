import { describe, expect, it, vi } from 'vitest';
import { capturePid, pidFromSearch, removePidOnUnload } from './pid';
import { createEventBus, DEFAULT_LOCATION } from './events';
import { createTokenStore } from './storage';
import { locate } from './location';

describe('pid', () => {
  it('comes from ?pid= or a decoded scene string', () => {
    expect(pidFromSearch('?pid=42')).toBe('42');
    expect(pidFromSearch('?scene=pid%3D123')).toBe('123');
    expect(pidFromSearch('?scene=pid%253D77')).toBe('77');
    expect(pidFromSearch('?scene=' + encodeURIComponent('a=1&pid=9'))).toBe('9');
    expect(pidFromSearch('?x=1')).toBe(null);
  });

  it('is stored in sessionStorage, kept across pages without one, and removed on unload', () => {
    expect(capturePid('?pid=5', sessionStorage)).toBe('5');
    expect(capturePid('?other=1', sessionStorage)).toBe('5');
    const stop = removePidOnUnload(window, sessionStorage);
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem('pid')).toBeNull();
    stop();
  });
});

describe('token store', () => {
  it('keeps the token in localStorage and notifies subscribers', () => {
    const store = createTokenStore(localStorage);
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.set('abc');
    expect(localStorage.getItem('token')).toBe('abc');
    expect(store.get()).toBe('abc');
    store.remove();
    expect(store.get()).toBeNull();
    store.remove();
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe('events and location', () => {
  it('delivers events to subscribers until they unsubscribe', () => {
    const bus = createEventBus();
    const seen: number[] = [];
    const off = bus.on('updateLocation', (l) => seen.push(l.longitude));
    bus.emit('updateLocation', DEFAULT_LOCATION);
    off();
    bus.emit('updateLocation', DEFAULT_LOCATION);
    expect(seen).toEqual([121.49295]);
  });

  it('falls back to Shanghai when geolocation is missing, not granted or fails', async () => {
    expect(await locate({} as Navigator, true)).toEqual(DEFAULT_LOCATION);
    const getPosition = vi.fn();
    const denied = {
      geolocation: { getCurrentPosition: getPosition },
      permissions: { query: () => Promise.resolve({ state: 'prompt' }) },
    } as unknown as Navigator;
    expect(await locate(denied, false)).toEqual(DEFAULT_LOCATION);
    expect(getPosition).not.toHaveBeenCalled();
    const failing = {
      geolocation: {
        getCurrentPosition: (_ok: unknown, fail: () => void) => {
          fail();
        },
      },
    } as unknown as Navigator;
    expect(await locate(failing, true)).toMatchObject({ longitude: 121.49295, latitude: 31.22337, area: '黄浦区' });
    const ok = {
      geolocation: {
        getCurrentPosition: (done: (p: unknown) => void) => {
          done({ coords: { longitude: 139.7, latitude: 35.6 } });
        },
      },
    } as unknown as Navigator;
    expect(await locate(ok, true)).toMatchObject({ longitude: 139.7, latitude: 35.6 });
  });
});
