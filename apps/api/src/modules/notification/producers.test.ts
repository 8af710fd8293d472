import { describe, expect, it } from 'vitest';
import { NotificationProducers } from './producers';

/** A notification service whose first write is held until released, as a slow connection of a pool would be. */
function slowFirstWrite() {
  const written: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const notify = async (n: { kind: string }) => {
    calls += 1;
    if (calls === 1) await held;
    written.push(n.kind);
    return 1;
  };
  const noop = () => Promise.resolve(0);
  const producers = new NotificationProducers({
    notifications: { notify, notifyFollowers: noop, notifyEventGoal: noop, notifyRefunds: noop, notifyAlerts: noop },
    clock: { now: () => new Date(0) },
    onError: (e: unknown) => {
      throw e;
    },
  } as never);
  return { producers, written, release };
}

const post = (id: number, status: string) => ({
  id,
  userId: 7,
  status,
  remark: 'Blurry',
  content: 'A cat',
  updatedAt: new Date(0),
});

describe('notification producers', () => {
  it('tell decisions on one post in the order they were made, even when the first write is slower', async () => {
    const { producers, written, release } = slowFirstWrite();
    producers.postReviewed(post(1, 'rej'));
    producers.postReviewed(post(1, 'res'));
    await Promise.resolve();
    release();
    await producers.idle();
    expect(written).toEqual(['post_rejected', 'post_approved']);
  });

  it('do not hold one post’s news behind another’s', async () => {
    const { producers, written, release } = slowFirstWrite();
    producers.postReviewed(post(1, 'rej'));
    producers.postReviewed(post(2, 'res'));
    await new Promise((r) => setImmediate(r));
    expect(written).toEqual(['post_approved']);
    release();
    await producers.idle();
    expect(written).toEqual(['post_approved', 'post_rejected']);
  });
});
