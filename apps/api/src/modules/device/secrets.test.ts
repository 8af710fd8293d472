import { describe, expect, it } from 'vitest';
import { VerifiedSecretCache, generateDeviceSecret, hashDeviceSecret, verifyDeviceSecret } from './secrets';

describe('device secrets', () => {
  it('are long, random, and verify only against their own hash', async () => {
    const secret = generateDeviceSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateDeviceSecret()).not.toBe(secret);
    const hash = await hashDeviceSecret(secret);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyDeviceSecret(hash, secret)).toBe(true);
    expect(await verifyDeviceSecret(hash, `${secret}x`)).toBe(false);
    expect(await verifyDeviceSecret('not a hash', secret)).toBe(false);
  });

  it('are remembered only while the stored hash is the one they matched', () => {
    const cache = new VerifiedSecretCache(2);
    cache.remember('A', 'hash-1', 's1');
    expect(cache.matches('A', 'hash-1', 's1')).toBe(true);
    expect(cache.matches('A', 'hash-1', 'other')).toBe(false);
    // Rotated: the stored hash changed, the entry is gone.
    expect(cache.matches('A', 'hash-2', 's1')).toBe(false);
    expect(cache.matches('A', 'hash-1', 's1')).toBe(false);
    cache.remember('A', 'hash-1', 's1');
    cache.forget('A');
    expect(cache.matches('A', 'hash-1', 's1')).toBe(false);
    // Bounded: the oldest goes first.
    cache.remember('A', 'h', 's');
    cache.remember('B', 'h', 's');
    cache.remember('C', 'h', 's');
    expect(cache.size).toBe(2);
    expect(cache.matches('A', 'h', 's')).toBe(false);
    expect(cache.matches('C', 'h', 's')).toBe(true);
  });
});
