import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
import { CardCipher, cardKey } from './card-cipher';

describe('CardCipher', () => {
  const cipher = new CardCipher(randomBytes(32));

  it('round-trips a card number and never stores it in the clear', () => {
    const sealed = cipher.encrypt('6212261202000000001', 7);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('6212261202000000001');
    expect(cipher.decrypt(sealed, 7)).toBe('6212261202000000001');
  });

  it('uses a fresh IV every time', () => {
    expect(cipher.encrypt('4111111111111111', 1)).not.toBe(cipher.encrypt('4111111111111111', 1));
  });

  it('refuses another user, another key and any change', () => {
    const sealed = cipher.encrypt('4111111111111111', 1);
    expect(() => cipher.decrypt(sealed, 2)).toThrow();
    expect(() => new CardCipher(randomBytes(32)).decrypt(sealed, 1)).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => cipher.decrypt([parts[0], parts[1], parts[2], body.toString('base64url')].join('.'), 1)).toThrow();
    expect(() => cipher.decrypt('4111111111111111', 1)).toThrow();
  });
});

describe('cardKey', () => {
  it('takes the configured key, else generates one file once (0600) and keeps it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'card-key-'));
    try {
      const configured = 'ab'.repeat(32);
      expect((await cardKey(configured, dir)).toString('hex')).toBe(configured);
      const [a, b] = await Promise.all([cardKey(undefined, dir), cardKey(undefined, dir)]);
      expect(a.equals(b)).toBe(true);
      expect((await cardKey(undefined, dir)).equals(a)).toBe(true);
      const file = path.join(dir, 'card-key');
      expect((await readFile(file, 'utf8')).trim()).toBe(a.toString('hex'));
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('CASHOUT_CARD_KEY', () => {
  it('is 64 hex characters when set, else a key kept in DATA_DIR/cashout', () => {
    const key = 'Ab'.repeat(32);
    expect(loadConfig({ CASHOUT_CARD_KEY: key, DATA_DIR: '/tmp/x' }).cashout).toEqual({
      cardKey: key,
      dir: path.resolve('/tmp/x', 'cashout'),
    });
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).cashout.cardKey).toBeUndefined();
    for (const bad of ['short', 'zz'.repeat(32), 'ab'.repeat(33)])
      expect(() => loadConfig({ CASHOUT_CARD_KEY: bad })).toThrow(ConfigError);
  });
});
