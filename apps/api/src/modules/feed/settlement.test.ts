import type { LiveServerEvent } from '@petheart/contracts';
import { describe, expect, it } from 'vitest';
import { HOLD_CHANGED } from '../ledger/batch';
import { FEED_CHANGED } from './batch-repository';
import { RoomAnnouncer } from './room-announcer';
import { FeedSettlement, type FeedSettlementDeps } from './settlement';

/**
 * A settlement whose transactions never finish (what happens before the ledger is written), or answer
 * with `answers` in turn.
 */
function stalled(answers: (() => Promise<unknown>)[] = []) {
  const heard: LiveServerEvent<'fed'>[] = [];
  const clock = { now: () => new Date(Date.UTC(2026, 10, 21, 12)) };
  const rooms = new RoomAnnouncer({ broadcast: (_d, _e, payload) => heard.push(payload), clock });
  let transactions = 0;
  const unused = () => {
    throw new Error('not reached');
  };
  const deps: FeedSettlementDeps = {
    feeds: { idByCommand: () => Promise.resolve('feed-2'), sweepable: unused },
    transactions: <T>() => {
      const answer = answers[transactions++];
      return (answer ? answer() : new Promise<never>(() => undefined)) as Promise<T>;
    },
    batchIn: unused,
    ledgerBatchIn: unused,
    commands: { settleManyIn: unused, confirmLateIn: unused },
    voidExpiredHolds: unused,
    rooms,
    onWalletChange: () => undefined,
    clock,
    concurrentWriters: false,
    graceMs: 1000,
    sweepIntervalMs: 60_000,
    onError: (error) => {
      throw error;
    },
  };
  rooms.settled(new Date(Date.UTC(2026, 10, 21)), new Map([['PH-1', 30]]), [], new Map());
  return { settlement: new FeedSettlement(deps), heard, transactions: () => transactions };
}

const acked = (id: string, recordedByCaller = true) => ({
  id,
  status: 'acked' as const,
  outcome: 'dispensed',
  grams: 10,
  ackedAt: new Date(),
  recordedByCaller,
});

describe('FeedSettlement', () => {
  it('runs a batch again when its write found a feed or a hold ended meanwhile, and not on another check', async () => {
    const checkFailed = (message: string) => () => Promise.reject(Object.assign(new Error(message), { code: 'PH001' }));
    const none = () =>
      Promise.resolve({ settled: new Map(), nicknames: new Map(), gramsToday: new Map(), fans: new Set() });
    const raced = stalled([checkFailed(FEED_CHANGED), checkFailed(HOLD_CHANGED), none]);
    await expect(raced.settlement.settle('feed-1', { status: 'lost' })).resolves.toBeUndefined();
    expect(raced.transactions()).toBe(3);
    const overdrawn = stalled([checkFailed('a batch of postings overdrew an account'), none]);
    await expect(overdrawn.settlement.settle('feed-1', { status: 'lost' })).rejects.toThrow(/overdrew/);
    expect(overdrawn.transactions()).toBe(1);
  });

  it('tells the room at the device’s answer to a command it issued, before its settlement is written', async () => {
    const { settlement, heard, transactions } = stalled();
    settlement.expect('cmd-1', { feedId: 'feed-1', deviceId: 'PH-1', nickname: 'Mia' });
    settlement.onCommandSettled(acked('cmd-1'));
    expect(heard).toEqual([{ device_id: 'PH-1', feed_id: 'feed-1', nickname: 'Mia', grams: 10, grams_today: 40 }]);
    await expect.poll(transactions).toBe(1);
    expect(heard).toHaveLength(1);
  });

  it('leaves to the settlement an answer it did not expect, one the gateway recorded, and a failure', async () => {
    const { settlement, heard, transactions } = stalled();
    settlement.onCommandSettled(acked('cmd-2'));
    settlement.expect('cmd-3', { feedId: 'feed-3', deviceId: 'PH-1', nickname: 'Mia' });
    settlement.onCommandSettled(acked('cmd-3', false));
    settlement.expect('cmd-4', { feedId: 'feed-4', deviceId: 'PH-1', nickname: 'Mia' });
    settlement.onCommandSettled({ ...acked('cmd-4'), status: 'failed', outcome: 'jammed', grams: 3 });
    await expect.poll(transactions).toBeGreaterThan(0);
    expect(heard).toEqual([]);
  });
});
