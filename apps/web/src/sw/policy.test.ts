import { describe, expect, it } from 'vitest';
import { isAppNavigation, isHashedAsset, neverHandled, precaches } from './policy';

const origin = 'https://petheart.example';
const url = (p: string) => new URL(p, origin);

describe('what the service worker answers', () => {
  it('never the API, uploads, live video, the socket or the station files', () => {
    for (const p of [
      '/api/live/play',
      '/api',
      '/api/payment/sandbox/X1?sig=y',
      '/uploads/thumbs/PH-1/1.jpg',
      '/live/PH-0001.flv',
      '/live/hls/PH-1/2/3.ts',
      '/socket.io/',
      '/station/install.sh',
    ]) {
      expect(neverHandled(url(p).pathname), p).toBe(true);
      expect(isAppNavigation(url(p), origin), p).toBe(false);
      expect(isHashedAsset(url(p), origin), p).toBe(false);
    }
  });

  it("the app's pages as navigations (network first), whatever their query", () => {
    for (const p of ['/', '/pages/live/live?device_id=PH-0001', '/admin/users', '/pages/index/apiary', '/livestock']) {
      expect(isAppNavigation(url(p), origin), p).toBe(true);
    }
    expect(isAppNavigation(new URL('https://other.example/'), origin)).toBe(false);
  });

  it("the build's hashed files on this origin (cache first), nothing else", () => {
    expect(isHashedAsset(url('/assets/index-abc.js'), origin)).toBe(true);
    expect(isHashedAsset(url('/assets/LivePage-x.css'), origin)).toBe(true);
    expect(isHashedAsset(url('/index.html'), origin)).toBe(false);
    expect(isHashedAsset(url('/sw.js'), origin)).toBe(false);
    expect(isHashedAsset(new URL('https://cdn.example/assets/a.js'), origin)).toBe(false);
  });

  it('knows whether its precache list holds a path (Workbox lists URLs relative to the root)', () => {
    const entries = [{ url: 'assets/index-abc.js' }, { url: 'index.html' }];
    expect(precaches(entries, '/assets/index-abc.js', `${origin}/sw.js`)).toBe(true);
    expect(precaches(entries, '/assets/index-old.js', `${origin}/sw.js`)).toBe(false);
  });
});
