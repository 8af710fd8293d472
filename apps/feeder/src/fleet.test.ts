import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@petheart/contracts';
import { startSimulatedFleet } from './fleet';
import { silentLogger } from './logger';
import { Observer, startTestBroker } from './test-support/broker';
import type { TestBroker } from './test-support/broker';

const devices = ['F-0001', 'F-0002', 'F-0003', 'F-0004'].map((id) => ({ id, secret: `secret-${id}` }));
let broker: TestBroker;
let observer: Observer;
let stateDir: string;

beforeAll(async () => {
  broker = await startTestBroker(new Map(devices.map((d) => [d.id, d.secret])));
  observer = await Observer.connect(broker.url);
  stateDir = await mkdtemp(path.join(tmpdir(), 'feeder-fleet-'));
});
afterAll(async () => {
  await observer.close();
  await broker.close();
  await rm(stateDir, { recursive: true, force: true });
});

describe('startSimulatedFleet', () => {
  it('runs one agent per device in this process, each answering its own commands', async () => {
    const fleet = await startSimulatedFleet({
      devices,
      broker: broker.url,
      stateDir,
      sim: { seed: 1, msPerGram: 0, settleMs: 0 },
      logger: () => silentLogger,
    });
    try {
      await fleet.ready();
      const now = Date.now();
      const ids = devices.map(() => randomUUID());
      await Promise.all(
        devices.map((d, i) =>
          observer.send(d.id, {
            v: PROTOCOL_VERSION,
            id: ids[i] ?? '',
            kind: 'dispense',
            grams: 10 * (i + 1),
            issued_at: now,
            expires_at: now + 10_000,
          }),
        ),
      );
      const acks = await Promise.all(devices.map((d, i) => observer.ack(d.id, ids[i] ?? '')));
      expect(acks.map((a) => a.outcome)).toEqual(['dispensed', 'dispensed', 'dispensed', 'dispensed']);
      expect(devices.map((d) => fleet.station(d.id).hopper.stock)).toEqual([4990, 4980, 4970, 4960]);
    } finally {
      await fleet.stop();
    }
    await Promise.all(
      devices.map((d) =>
        observer.waitFor(
          (r) => r.deviceId === d.id && r.kind === 'state' && (r.payload as { online?: unknown }).online === false,
        ),
      ),
    );
  });
});
