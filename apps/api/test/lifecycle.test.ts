import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi, type MockInstance } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { createContainer } from '../src/container';
import { FakeClock, openTestDatabase } from './harness';

/**
 * The app's running parts (issue 25 §3): one ordered lifecycle starts them when the app is ready and stops them
 * in reverse when it closes, each once; closing the container afterwards stops nothing again.
 */
describe('the app lifecycle, on the real container', () => {
  it('starts each running part once in order, and stops each once in reverse', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'petheart-lifecycle-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const container = await createContainer(config, { database: await openTestDatabase(), clock: new FakeClock() });
    const { payments, ledgerChecker, databaseMaintenance, realtime, gateway, feedSettlement, media } =
      container.services;
    const spies: [string, MockInstance][] = [];
    const watch = (label: string, target: object | undefined, method: string) => {
      if (target) spies.push([`${label}.${method}`, vi.spyOn(target as Record<string, () => unknown>, method)]);
    };
    // onReady, in order (the database maintenance runs on PGlite only).
    watch('payments', payments, 'start');
    watch('ledgerChecker', ledgerChecker, 'start');
    watch('databaseMaintenance', databaseMaintenance, 'start');
    watch('realtime', realtime, 'start');
    watch('gateway', gateway, 'start');
    watch('feedSettlement', feedSettlement, 'start');
    watch('media', media, 'start');
    // preClose, in reverse.
    watch('media', media, 'endViewers');
    watch('realtime', realtime, 'close');
    // onClose, in reverse: the feed sweeper before the gateway, the feed settlement after it.
    watch('media', media, 'stop');
    watch('feedSettlement', feedSettlement, 'stopSweeping');
    watch('gateway', gateway, 'stop');
    watch('feedSettlement', feedSettlement, 'drain');
    watch('databaseMaintenance', databaseMaintenance, 'stop');
    watch('ledgerChecker', ledgerChecker, 'stop');
    watch('payments', payments, 'stop');
    const whole = vi.spyOn(feedSettlement, 'stop');
    /** The calls so far, each spy by its first call, in the order they were made. */
    const calls = () =>
      spies
        .filter(([, spy]) => spy.mock.calls.length > 0)
        .sort(([, a], [, b]) => (a.mock.invocationCallOrder[0] ?? 0) - (b.mock.invocationCallOrder[0] ?? 0))
        .map(([name]) => name);
    const expected = spies.map(([name]) => name);
    const starts = expected.slice(0, expected.indexOf('media.endViewers'));
    try {
      const app = await buildApp(container, { serveWeb: false });
      expect(calls()).toEqual(starts);
      await app.close();
      expect(calls()).toEqual(expected);
      await app.close();
    } finally {
      await container.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    // Once each: the container's close stopped nothing again (it closes the database and the rate limits).
    // The media server's own stop ends any viewers left, so endViewers is the one part called twice.
    for (const [name, spy] of spies) expect(spy.mock.calls.length, name).toBe(name === 'media.endViewers' ? 2 : 1);
    expect(whole).not.toHaveBeenCalled();
  });
});
