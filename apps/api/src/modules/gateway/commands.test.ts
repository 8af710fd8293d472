import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceAck } from '@petheart/contracts';
import {
  commandMessage,
  CommandDispatcher,
  LATE_ANSWER_WINDOW_MS,
  type CommandDispatcherDeps,
  type CommandResult,
} from './commands';

type Repo = CommandDispatcherDeps['repository'];

function setup(enabled = new Set(['D1', 'D2']), onSettled?: CommandDispatcherDeps['onSettled']) {
  const rows = new Map<string, { status: string; attempts: number; outcome?: string; grams?: number }>();
  const unowned: Parameters<Repo['recordUnownedAnswer']>[] = [];
  const published: { topic: string; id: string }[] = [];
  const repository: Repo = {
    insertForEnabledDevice: (row) => {
      if (!enabled.has(row.deviceId)) return Promise.resolve(false);
      rows.set(row.id, { status: row.status ?? 'queued', attempts: row.attempts ?? 0 });
      return Promise.resolve(true);
    },
    markSent: (id, attempts) => {
      const r = rows.get(id);
      if (r && (r.status === 'queued' || r.status === 'sent')) Object.assign(r, { status: 'sent', attempts });
      return Promise.resolve();
    },
    settle: (id, status, answer) => {
      const r = rows.get(id);
      if (!r || !(r.status === 'queued' || r.status === 'sent')) return Promise.resolve(false);
      Object.assign(r, { status, ...(answer ? { outcome: answer.outcome, grams: answer.grams } : {}) });
      return Promise.resolve(true);
    },
    recordUnownedAnswer: (...args) => {
      unowned.push(args);
      return Promise.resolve(false);
    },
  };
  const dispatcher = new CommandDispatcher({
    repository,
    publish: (topic, payload) => {
      published.push({ topic, id: (JSON.parse(payload) as { id: string }).id });
      return Promise.resolve();
    },
    now: () => Date.now(),
    onError: (error) => {
      throw error;
    },
    ...(onSettled ? { onSettled } : {}),
  });
  const ack = (deviceId: string, id: string, outcome: DeviceAck['outcome'], grams: number) =>
    dispatcher.handleAck(deviceId, { v: 1, id, outcome, grams, at: Date.now() });
  return { dispatcher, rows, published, ack, unowned };
}

describe('CommandDispatcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores the command as sent, publishes it, and settles on the ack', async () => {
    const { dispatcher, rows, published, ack } = setup();
    const issued = await dispatcher.issue('D1', { kind: 'dispense', grams: 10 });
    expect(issued.position).toBe(0);
    expect(published).toEqual([{ topic: 'petheart/v1/devices/D1/cmd', id: issued.id }]);
    expect(rows.get(issued.id)).toMatchObject({ status: 'sent', attempts: 1 });
    await ack('D1', issued.id, 'dispensed', 9);
    expect(await issued.result).toEqual({
      id: issued.id,
      deviceId: 'D1',
      status: 'acked',
      outcome: 'dispensed',
      grams: 9,
      ackedAt: expect.any(Date) as Date,
      detail: null,
      attempts: 1,
      recordedByCaller: false,
    });
    expect(rows.get(issued.id)).toMatchObject({ status: 'acked', grams: 9 });
  });

  it('takes a care command’s `done` as acked, with what the station answered beyond it', async () => {
    const { dispatcher } = setup();
    const issued = await dispatcher.issue('D1', { kind: 'tare' }, { issuedBy: 7 });
    await dispatcher.handleAck('D1', {
      v: 1,
      id: issued.id,
      outcome: 'done',
      grams: 0,
      at: Date.now(),
      detail: { calibration: { zero: 100, counts_per_gram: 400 } },
    });
    expect(await issued.result).toMatchObject({
      status: 'acked',
      outcome: 'done',
      detail: { calibration: { zero: 100, counts_per_gram: 400 } },
    });
  });

  it('leaves a command the caller stored to the caller: not inserted, its end only told', async () => {
    const told: CommandResult[] = [];
    const { dispatcher, rows, published, ack } = setup(undefined, (r) => told.push(r));
    const command = commandMessage(
      '5f0c2a51-7a55-4f57-9d43-5c1b2a3e4d60',
      { kind: 'dispense', grams: 10 },
      Date.now(),
      5_000,
    );
    // Stored as queued, but nothing waits on the device: marked sent as it goes.
    const issued = await dispatcher.issue('D1', { kind: 'dispense', grams: 10 }, { stored: { command, sent: false } });
    expect(issued.id).toBe(command.id);
    expect(published).toEqual([{ topic: 'petheart/v1/devices/D1/cmd', id: command.id }]);
    expect(rows.has(command.id)).toBe(false);
    await ack('D1', command.id, 'dispensed', 10);
    expect(told).toEqual([
      expect.objectContaining({ id: command.id, status: 'acked', grams: 10, recordedByCaller: true }),
    ]);
    expect(rows.has(command.id)).toBe(false);
  });

  it('hands an answer nobody here waits for to the repository, taken within the late-answer window', async () => {
    const { ack, unowned } = setup();
    const id = '00000000-0000-4000-8000-000000000001';
    await ack('D1', id, 'dispensed', 8);
    await ack('D1', id, 'duplicate', 0); // a duplicate says nothing about food
    expect(unowned).toHaveLength(1);
    const [cmd, device, status, answer, expiredAfter] = unowned[0] ?? [];
    expect([cmd, device, status]).toEqual([id, 'D1', 'acked']);
    expect(answer).toMatchObject({ outcome: 'dispensed', grams: 8 });
    expect((answer?.ackedAt.getTime() ?? 0) - (expiredAfter?.getTime() ?? 0)).toBe(LATE_ANSWER_WINDOW_MS);
  });

  it('ignores acks from another device and duplicates', async () => {
    const { dispatcher, ack } = setup();
    const issued = await dispatcher.issue('D1', { kind: 'dispense', grams: 10 });
    await ack('D2', issued.id, 'dispensed', 10);
    await ack('D1', issued.id, 'duplicate', 0);
    expect(dispatcher.queueLength('D1')).toBe(1);
    await ack('D1', issued.id, 'empty', 0);
    expect(await issued.result).toMatchObject({ status: 'failed', outcome: 'empty' });
  });

  it('re-sends with the same id after each ack timeout, then expires at the TTL', async () => {
    const { dispatcher, rows, published } = setup();
    const issued = await dispatcher.issue(
      'D1',
      { kind: 'dispense', grams: 10 },
      { ttlMs: 1_000, retries: 2, ackTimeoutMs: 300 },
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(published.map((p) => p.id)).toEqual([issued.id, issued.id, issued.id]);
    expect(rows.get(issued.id)).toMatchObject({ status: 'sent', attempts: 3 });
    await vi.advanceTimersByTimeAsync(1);
    expect(await issued.result).toMatchObject({ status: 'expired', outcome: null, grams: 0, attempts: 3 });
    expect(rows.get(issued.id)?.status).toBe('expired');
  });

  it('keeps one command in flight per device, in the order issued; other devices do not wait', async () => {
    const { dispatcher, published, ack } = setup();
    const a = await dispatcher.issue('D1', { kind: 'dispense', grams: 10 });
    const b = await dispatcher.issue('D1', { kind: 'dispense', grams: 20 });
    const other = await dispatcher.issue('D2', { kind: 'dispense', grams: 30 });
    expect([a.position, b.position, other.position]).toEqual([0, 1, 0]);
    expect(published.map((p) => p.id)).toEqual([a.id, other.id]);
    await ack('D1', a.id, 'dispensed', 10);
    await vi.advanceTimersByTimeAsync(0);
    expect(published.map((p) => p.id)).toEqual([a.id, other.id, b.id]);
    expect(dispatcher.queueLength('D1')).toBe(1);
  });

  it('refuses unknown or disabled devices and bad amounts, and leaves no queue behind', async () => {
    const { dispatcher } = setup();
    await expect(dispatcher.issue('NOPE', { kind: 'dispense', grams: 10 })).rejects.toMatchObject({ id: 'not_found' });
    await expect(dispatcher.issue('D1', { kind: 'dispense', grams: 0 })).rejects.toMatchObject({
      id: 'validation_failed',
    });
    expect(dispatcher.queueLength('NOPE')).toBe(0);
  });

  it('expires everything open when stopped', async () => {
    const { dispatcher } = setup();
    const a = await dispatcher.issue('D1', { kind: 'dispense', grams: 10 });
    const b = await dispatcher.issue('D1', { kind: 'dispense', grams: 10 });
    await dispatcher.stop();
    expect((await a.result).status).toBe('expired');
    expect((await b.result).status).toBe('expired');
    await expect(dispatcher.issue('D1', { kind: 'dispense', grams: 10 })).rejects.toThrow(/stopped/);
  });

  it('takes the caller’s id and tells every end to onSettled, after the row is settled', async () => {
    const ends: { id: string; status: string; row: string | undefined }[] = [];
    const { dispatcher, rows, ack } = setup(undefined, (r) => {
      ends.push({ id: r.id, status: r.status, row: rows.get(r.id)?.status });
    });
    const id = '2b0a3c8e-5d47-4f0e-9a51-2f0c6b1de001';
    const first = await dispatcher.issue('D1', { kind: 'dispense', grams: 10 }, { id, ttlMs: 1_000 });
    expect(first.id).toBe(id);
    const second = await dispatcher.issue('D1', { kind: 'dispense', grams: 10 }, { ttlMs: 1_000 });
    await ack('D1', id, 'jammed', 0);
    await vi.advanceTimersByTimeAsync(1_000);
    await second.result;
    expect(ends).toEqual([
      { id, status: 'failed', row: 'failed' },
      { id: second.id, status: 'expired', row: 'expired' },
    ]);
  });
});
