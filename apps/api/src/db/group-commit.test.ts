import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  it('writes what arrives in one turn together, and what queues up during a write in the next', async () => {
    const writes: number[][] = [];
    let release: () => void = () => undefined;
    const group = new GroupCommit<number, string>(async (items) => {
      writes.push(items);
      if (writes.length === 1)
        await new Promise<void>((r) => {
          release = r;
        });
      return items.map((i) => `#${String(i)}`);
    });
    const first = group.submit(1);
    await new Promise<void>((r) => setImmediate(r));
    // Written after one turn of the event loop; what comes while it is written waits for the next write.
    expect(writes).toEqual([[1]]);
    const rest = [group.submit(2), group.submit(3), group.submit(4)];
    await new Promise<void>((r) => setImmediate(r));
    expect(writes).toEqual([[1]]);
    release();
    expect(await first).toBe('#1');
    expect(await Promise.all(rest)).toEqual(['#2', '#3', '#4']);
    expect(writes).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the batch whose write failed', async () => {
    const group = new GroupCommit<number, number>((items) =>
      items.includes(13) ? Promise.reject(new Error('boom')) : Promise.resolve(items),
    );
    await expect(group.submit(13)).rejects.toThrow('boom');
    expect(await group.submit(7)).toBe(7);
  });

  it('caps the batch size', async () => {
    const sizes: number[] = [];
    const group = new GroupCommit<number, number>((items) => {
      sizes.push(items.length);
      return Promise.resolve(items);
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((i) => group.submit(i)));
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('starts a write no sooner than spacingMs after the one before it started', async () => {
    const starts: { at: number; items: number[] }[] = [];
    const group = new GroupCommit<number, number>(
      (items) => {
        starts.push({ at: performance.now(), items });
        return Promise.resolve(items);
      },
      500,
      40,
    );
    await group.submit(1);
    // Submitted right after the first write: it waits out the spacing, and what comes meanwhile joins it.
    const second = group.submit(2);
    await new Promise<void>((r) => setImmediate(r));
    await new Promise<void>((r) => setImmediate(r));
    expect(starts).toHaveLength(1);
    const third = group.submit(3);
    expect(await Promise.all([second, third])).toEqual([2, 3]);
    expect(starts.map((s) => s.items)).toEqual([[1], [2, 3]]);
    expect((starts[1]?.at ?? 0) - (starts[0]?.at ?? 0)).toBeGreaterThanOrEqual(39);
  });
});
