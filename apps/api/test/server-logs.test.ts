import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiProcess, prepareDatabase } from './api-process';
import { freePort } from './devices-support';

/** What the terminal of `node apps/api/src/server.ts` shows after a few requests, with `env` on top of the test's. */
async function outputAfterRequests(dataDir: string, dbEnv: Record<string, string>, env: Record<string, string>) {
  const port = await freePort();
  const api = await ApiProcess.start({
    ...dbEnv,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
    MQTT_PORT: '0',
    MEDIA_ENABLED: 'false',
    SIM_FEEDERS: '0',
    SEED_DEMO: 'false',
    ...env,
  });
  try {
    for (let i = 0; i < 5; i++) await (await fetch(`${api.url}/api/user/index`)).text();
    await (await fetch(`${api.url}/api/no/such/route`, { method: 'POST' })).text();
  } finally {
    await api.stop();
  }
  return api.output;
}

describe('the server terminal', () => {
  let dataDir = '';
  let db: Awaited<ReturnType<typeof prepareDatabase>>;
  const { LOG_LEVEL: _inherited, ...withoutLevel } = process.env;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ph-logs-'));
    db = await prepareDatabase(dataDir);
  });
  afterAll(async () => {
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shows the banner and no line per request by default; LOG_LEVEL=info brings the request lines back', async () => {
    // The default is what a newcomer's `npm start` gets: LOG_LEVEL unset.
    const saved = process.env;
    process.env = withoutLevel;
    const quiet = await outputAfterRequests(dataDir, db.env, {}).finally(() => (process.env = saved));
    expect(quiet).toContain('PetHeart is running at');
    expect(quiet).not.toContain('incoming request');
    expect(quiet).not.toContain('request completed');

    const verbose = await outputAfterRequests(dataDir, db.env, { LOG_LEVEL: 'info' });
    expect(verbose.match(/"msg":"incoming request"/g)?.length ?? 0).toBeGreaterThanOrEqual(6);
  });
});
