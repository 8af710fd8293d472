import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceAck } from '@petheart/contracts';
import { RecentAnswers } from './recent-answers';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'feeder-answers-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const answer = (at: number, grams = 10): DeviceAck => ({ v: 1, id: randomUUID(), outcome: 'dispensed', grams, at });

describe('RecentAnswers', () => {
  it('keeps the newest answers across a reopen, and offers only the young ones for re-sending', async () => {
    const file = path.join(dir, 'a.answers.jsonl');
    const now = 1_000_000;
    const store = await RecentAnswers.open(file, { capacity: 3, maxAgeMs: 60_000 });
    const acks = [answer(now - 90_000), answer(now - 50_000), answer(now - 20_000), answer(now - 1_000)];
    for (const a of acks) await store.add(a);
    expect(store.size).toBe(3); // the oldest is forgotten
    expect(store.recent(now)).toEqual(acks.slice(1));
    expect(store.recent(now + 30_000)).toEqual(acks.slice(2)); // older than a minute: not re-sent
    await store.close();

    const reopened = await RecentAnswers.open(file, { capacity: 3, maxAgeMs: 60_000 });
    expect(reopened.recent(now)).toEqual(acks.slice(1));
    await reopened.close();
  });

  it('skips (and reports) lines that are not answers (the DeviceAck contract)', async () => {
    const file = path.join(dir, 'b.answers.jsonl');
    const good = answer(5_000);
    const lines = [good, { ...answer(5_000), grams: -1 }, { ...answer(5_000), id: 'x' }, 'foo'];
    await writeFile(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"torn`);
    const warn = vi.fn();
    const store = await RecentAnswers.open(file, { logger: { info: vi.fn(), warn, error: vi.fn() } });
    expect(store.recent(6_000)).toEqual([good]);
    expect(warn).toHaveBeenCalledOnce();
    expect(await readFile(file, 'utf8')).toBe(`${JSON.stringify(good)}\n`); // rewritten clean
    await store.close();
  });
});
