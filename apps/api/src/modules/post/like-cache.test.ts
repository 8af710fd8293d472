import { describe, expect, it } from 'vitest';
import { UserLikeCache } from './like-cache';

function store(initial: Record<number, number[]>) {
  const likes = new Map(Object.entries(initial).map(([u, ids]) => [Number(u), new Set(ids)]));
  const calls = { loadAll: 0, likedAmong: 0 };
  let gate: Promise<void> = Promise.resolve();
  return {
    likes,
    calls,
    /** Holds every load until the returned function is called. */
    hold() {
      let release: () => void = () => undefined;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        release();
      };
    },
    options: {
      loadAll: async (userId: number, limit: number) => {
        calls.loadAll += 1;
        const ids = [...(likes.get(userId) ?? [])].slice(0, limit);
        await gate;
        return ids;
      },
      likedAmong: (userId: number, postIds: number[]) => {
        calls.likedAmong += 1;
        return Promise.resolve(new Set(postIds.filter((id) => likes.get(userId)?.has(id))));
      },
    },
  };
}

describe('UserLikeCache', () => {
  it('reads a user’s likes once and keeps them up to date with their likes and unlikes', async () => {
    const s = store({ 1: [10, 20] });
    const cache = new UserLikeCache(s.options);
    expect([...(await cache.likedAmong(1, [10, 11, 20]))]).toEqual([10, 20]);
    expect([...(await cache.likedAmong(1, [10, 11]))]).toEqual([10]);
    expect(s.calls.loadAll).toBe(1);
    cache.changed(1, 11, true);
    cache.changed(1, 10, false);
    expect([...(await cache.likedAmong(1, [10, 11, 20]))]).toEqual([11, 20]);
    expect(s.calls.loadAll).toBe(1);
    expect([...(await cache.likedAmong(1, []))]).toEqual([]);
  });

  it('drops a read that a like overtook', async () => {
    const s = store({ 1: [10] });
    const cache = new UserLikeCache(s.options);
    const release = s.hold();
    const reading = cache.likedAmong(1, [10, 11]);
    s.likes.get(1)?.add(11);
    cache.changed(1, 11, true);
    release();
    await reading;
    // The next read loads again and sees the like.
    expect([...(await cache.likedAmong(1, [10, 11]))]).toEqual([10, 11]);
    expect(s.calls.loadAll).toBe(2);
  });

  it('reads per request for users with too many likes, and forgets the least recent readers', async () => {
    const s = store({ 1: [1, 2, 3, 4], 2: [5], 3: [6] });
    const cache = new UserLikeCache({ ...s.options, maxLikesPerUser: 3, maxUsers: 2 });
    expect([...(await cache.likedAmong(1, [1, 9]))]).toEqual([1]);
    expect([...(await cache.likedAmong(1, [2]))]).toEqual([2]);
    expect(s.calls).toEqual({ loadAll: 1, likedAmong: 2 });
    await cache.likedAmong(2, [5]);
    await cache.likedAmong(3, [6]);
    expect(cache.size).toBe(2);
    await cache.likedAmong(1, [1]);
    expect(s.calls.loadAll).toBe(4);
  });
});
