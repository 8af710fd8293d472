import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Pseudonyms, pseudonymKey } from './pseudonym';

describe('statement pseudonyms', () => {
  it('are u_ and the first 16 hex of HMAC-SHA256 over the user id, the same every time', () => {
    const key = Buffer.alloc(32, 7);
    const names = new Pseudonyms(key);
    const expected = `u_${createHmac('sha256', key).update('42').digest('hex').slice(0, 16)}`;
    expect(names.of(42)).toBe(expected);
    expect(new Pseudonyms(key).of(42)).toBe(expected);
    expect(names.of(43)).not.toBe(expected);
    expect(new Pseudonyms(Buffer.alloc(32, 8)).of(42)).not.toBe(expected);
  });

  it('take the configured key, else one generated once and kept in the data folder', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'petheart-pseudonym-'));
    try {
      expect((await pseudonymKey('ab'.repeat(32), dir)).toString('hex')).toBe('ab'.repeat(32));
      const first = await pseudonymKey(undefined, dir);
      expect(first).toHaveLength(32);
      expect((await pseudonymKey(undefined, dir)).equals(first)).toBe(true);
      expect((await readFile(path.join(dir, 'pseudonym-key'), 'utf8')).trim()).toBe(first.toString('hex'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
