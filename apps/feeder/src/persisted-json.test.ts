import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PersistedJson } from './persisted-json';
import { collectingLogger } from './test-support/collecting-logger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'persisted-json-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const Schema = z.object({ n: z.number() });

describe('PersistedJson', () => {
  it('writes the latest value of a burst, one write at a time, and reads it back', async () => {
    const file = path.join(dir, 'sub', 'v.json');
    const store = new PersistedJson(file, Schema, 'value', collectingLogger());
    expect(await store.load()).toBeUndefined();
    const saves = [1, 2, 3, 4].map((n) => store.save({ n }));
    await Promise.all(saves);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ n: 4 });
    expect(await store.load()).toEqual({ n: 4 });
  });

  it('ignores unreadable JSON with a warning, and rejects (and logs) a write that fails', async () => {
    const file = path.join(dir, 'v.json');
    await writeFile(file, '{"n": 1'); // torn
    const logger = collectingLogger();
    const store = new PersistedJson(file, Schema, 'value', logger);
    expect(await store.load()).toBeUndefined();
    expect(logger.warnings).toEqual(['value file invalid, ignored']);

    const blocked = new PersistedJson(path.join(file, 'below-a-file.json'), Schema, 'value', logger);
    await expect(blocked.save({ n: 1 })).rejects.toThrow();
    await blocked.flush();
    expect(logger.warnings).toContain('could not save the value');
  });
});
