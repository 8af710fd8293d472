import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExecutedIdStore } from './executed-ids';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'feeder-ids-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ExecutedIdStore', () => {
  it('survives a reopen and forgets the oldest ids beyond its capacity', async () => {
    const file = path.join(dir, 'nested', 'ids.jsonl');
    const store = await ExecutedIdStore.open(file, { capacity: 3 });
    const lines = async () => (await readFile(file, 'utf8')).split('\n').filter(Boolean).length;
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) await store.add(id);
    expect(await lines()).toBe(6); // appended up to twice the capacity…
    await store.add('g');
    expect(await lines()).toBe(3); // …then rewritten with what is remembered
    expect(store.has('d')).toBe(false);
    expect(store.size).toBe(3);

    const reopened = await ExecutedIdStore.open(file, { capacity: 3 });
    expect(['d', 'e', 'f', 'g'].map((id) => reopened.has(id))).toEqual([false, true, true, true]);
    expect(await readFile(file, 'utf8')).toBe('"e"\n"f"\n"g"\n');
  });

  it('appends to the rewritten file after a rewrite, and after close', async () => {
    const file = path.join(dir, 'ids.jsonl');
    const store = await ExecutedIdStore.open(file, { capacity: 2 });
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) await store.add(id); // 'e' rewrote the file
    expect(await readFile(file, 'utf8')).toBe('"d"\n"e"\n"f"\n');
    await store.close();
    await store.add('g');
    await store.close();
    expect(await readFile(file, 'utf8')).toBe('"d"\n"e"\n"f"\n"g"\n');
  });

  it('knows an id as soon as add() is called, before the write lands', async () => {
    const store = await ExecutedIdStore.open(path.join(dir, 'ids.jsonl'));
    const write = store.add('x');
    expect(store.has('x')).toBe(true);
    await write;
  });

  it('skips (and reports) a torn or foreign line', async () => {
    const file = path.join(dir, 'ids.jsonl');
    await writeFile(file, '"a"\n42\n"b"\n"c');
    const warn = vi.fn();
    const store = await ExecutedIdStore.open(file, { logger: { info: vi.fn(), warn, error: vi.fn() } });
    expect([store.has('a'), store.has('b'), store.size]).toEqual([true, true, 2]);
    expect(warn).toHaveBeenCalledOnce();
  });
});
