import { describe, expect, it } from 'vitest';
import { accountDelay, addressDelay } from './throttle';

describe('login slow-down', () => {
  it('is free for 4 failures, then doubles from 1 s up to 15 minutes', () => {
    expect([0, 4].map(addressDelay)).toEqual([0, 0]);
    expect([5, 6, 7, 14, 15, 40].map(addressDelay)).toEqual([1, 2, 4, 512, 900, 900]);
  });
  it('adds a short account-wide delay only past 100 failures an hour', () => {
    expect(accountDelay(99)).toBe(0);
    expect(accountDelay(100)).toBe(1);
    expect(accountDelay(10_000)).toBe(30);
  });
});
