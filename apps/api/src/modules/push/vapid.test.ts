import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
import { vapidKeys, vapidPublicKeyOf } from './vapid';

// A pair from `npx web-push generate-vapid-keys`.
const PAIR = {
  publicKey: 'BFfGbk7_eJjb3tWdtICbeSdnCfBnLSfzUZsGaH93oWUkww4o_Gdu2dhQLwMKEca2-MXMybi77f7rES1wn2loVyw',
  privateKey: 'm8wSbK_NTZq-gOxAw4yZTL4yN-2WVQeiXq35P0dGqhE',
};

describe('VAPID keys', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  it('are made once in the data folder and kept', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vapid-'));
    dirs.push(dir);
    const none = { publicKey: undefined, privateKey: undefined, subject: 'mailto:ops@example.com' };
    const first = await vapidKeys(none, path.join(dir, 'push'));
    const second = await vapidKeys(none, path.join(dir, 'push'));
    expect(second).toEqual(first);
    expect(first.publicKey).toBe(vapidPublicKeyOf(first.privateKey));
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
  });

  it('come from the environment when set', async () => {
    const keys = await vapidKeys({ ...PAIR, subject: 'https://petheart.example' }, '/nonexistent');
    expect(keys).toEqual({ ...PAIR, subject: 'https://petheart.example' });
    expect(vapidPublicKeyOf(PAIR.privateKey)).toBe(PAIR.publicKey);
  });

  it('are checked by the configuration: both or neither, a matching pair, a mailto: or https: subject', () => {
    const env = (e: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...e }, '/tmp');
    expect(env({ VAPID_PUBLIC_KEY: PAIR.publicKey, VAPID_PRIVATE_KEY: PAIR.privateKey }).push).toMatchObject({
      vapidPublicKey: PAIR.publicKey,
      vapidPrivateKey: PAIR.privateKey,
    });
    expect(() => env({ VAPID_PRIVATE_KEY: PAIR.privateKey })).toThrow(ConfigError);
    const other = `B${'A'.repeat(86)}`;
    expect(() => env({ VAPID_PUBLIC_KEY: other, VAPID_PRIVATE_KEY: PAIR.privateKey })).toThrow(/is not the public key/);
    expect(() => env({ VAPID_SUBJECT: 'http://petheart.example' })).toThrow(/VAPID_SUBJECT/);
    // The default subject: the site when https, else the mail sender's address.
    expect(env({ PUBLIC_URL: 'https://petheart.example' }).push.vapidSubject).toBe('https://petheart.example');
    expect(env({ MAIL_FROM: 'PetHeart <ops@petheart.example>' }).push.vapidSubject).toBe('mailto:ops@petheart.example');
    // Push services are https; only tests may name a local http stand-in.
    expect(env({}).push.allowHttpEndpoints).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }, '/tmp').push.allowHttpEndpoints).toBe(false);
  });
});
