import { describe, expect, it } from 'vitest';
import { LocalViewers, SocketCounts, clientAddress, viewerKey } from './viewer-keys';

describe('viewer keys', () => {
  it('reads X-Forwarded-For only behind a trusted proxy, its first address as request.ip does', () => {
    const request = { headers: { 'x-forwarded-for': ' 203.0.113.7 , 10.0.0.2' } };
    expect(clientAddress(request, '10.0.0.1', false)).toBe('10.0.0.1');
    expect(clientAddress(request, '10.0.0.1', true)).toBe('203.0.113.7');
    expect(clientAddress({ headers: {} }, '10.0.0.1', true)).toBe('10.0.0.1');
    expect(clientAddress({ headers: { 'x-forwarded-for': '' } }, '10.0.0.1', true)).toBe('10.0.0.1');
  });

  it('is the user when signed in, else the address (IPv6 by its /64)', () => {
    expect(viewerKey(7, '10.0.0.1')).toBe('u:7');
    expect(viewerKey(null, '10.0.0.1')).toBe('a:10.0.0.1');
    expect(viewerKey(null, '::ffff:10.0.0.1')).toBe('a:10.0.0.1');
    expect(viewerKey(null, '::FFFF:127.0.0.1')).toBe('a:127.0.0.1');
    const prefix = 'a:2001:db8:0:12::/64';
    for (const address of [
      '2001:db8:0:12::1',
      '2001:0db8:0000:0012:ffff:ffff:ffff:ffff',
      '2001:db8::12:0:0:0:5',
      '2001:db8:0:12:1::1.2.3.4',
      '2001:db8:0:12::9%eth0',
    ])
      expect(viewerKey(null, address)).toBe(prefix);
    expect(viewerKey(null, '2001:db8:0:13::1')).not.toBe(prefix);
    expect(viewerKey(null, '::1')).toBe('a:0:0:0:0::/64');
    expect(viewerKey(null, 'not-an-address')).toBe('a:not-an-address');
  });

  it('counts sockets per key up to the limit', () => {
    const counts = new SocketCounts(2);
    expect([counts.acquire('a'), counts.acquire('a'), counts.acquire('a'), counts.acquire('b')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    counts.release('a');
    expect(counts.acquire('a')).toBe(true);
    counts.release('a');
    counts.release('a');
    counts.release('b');
    expect(counts.size).toBe(0);
  });

  it('counts a room’s distinct keys, with a version that changes with the set', () => {
    const local = new LocalViewers();
    local.add('PH-1', 'u:1');
    const v1 = local.version('PH-1');
    local.add('PH-1', 'u:1');
    expect([local.count('PH-1'), local.version('PH-1')]).toEqual([1, v1]);
    local.add('PH-1', 'a:10.0.0.1');
    expect(local.count('PH-1')).toBe(2);
    local.remove('PH-1', 'u:1');
    expect(local.count('PH-1')).toBe(2);
    local.remove('PH-1', 'u:1');
    local.remove('PH-1', 'u:404');
    expect([...(local.keys('PH-1')?.keys() ?? [])]).toEqual(['a:10.0.0.1']);
    const v2 = local.version('PH-1');
    local.remove('PH-1', 'a:10.0.0.1');
    expect([local.count('PH-1'), local.version('PH-1'), [...local.roomIds()]]).toEqual([0, 0, []]);
    // The same size with another key is another version, never an earlier one.
    local.add('PH-1', 'u:2');
    expect(new Set([v1, v2, local.version('PH-1')]).size).toBe(3);
  });
});
