import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@petheart/contracts';
import type { DeviceState } from '@petheart/contracts';
import type { FeederAgent } from '../../agent';
import { startSimulatedFleet } from '../../fleet';
import { silentLogger } from '../../logger';
import { Observer, startTestBroker } from '../../test-support/broker';
import type { TestBroker } from '../../test-support/broker';
import { createSimulatedStation } from '../sim/station';
import { SimulatedCamera, createSimulatedCamera } from './simulated';

describe('createSimulatedCamera', () => {
  it('drops into the scene what the simulated motor puts on the scale', async () => {
    const station = createSimulatedStation({ seed: 1, msPerGram: 0, settleMs: 0 });
    const camera = createSimulatedCamera('PH-0001', station, { ffmpegPath: 'ffmpeg', seed: 1 });
    camera.scene.render(Date.now());
    expect(camera.scene.snapshot().pelletsFalling).toBe(0);
    await station.motor.run(12);
    camera.scene.render(Date.now());
    expect(camera.scene.snapshot().pelletsFalling).toBeGreaterThan(0);
    station.motor.injectFault('jam');
    const before = camera.scene.snapshot().pelletsFalling;
    await station.motor.run(12); // a jam drops nothing
    expect(camera.scene.snapshot().pelletsFalling).toBe(before);
  });
});

describe('a simulated fleet with cameras (real ffmpeg, output discarded)', () => {
  const devices = ['C-0001', 'C-0002'].map((id) => ({
    id,
    secret: `secret-${id}`,
    rtmpUrl: `rtmp://127.0.0.1:1935/live/${id}?key=secret-${id}`,
  }));
  const noCamera = { id: 'C-0003', secret: 'secret-C-0003' };
  let broker: TestBroker;
  let observer: Observer;
  let stateDir: string;

  beforeAll(async () => {
    broker = await startTestBroker(new Map([...devices, noCamera].map((d) => [d.id, d.secret])));
    observer = await Observer.connect(broker.url);
    stateDir = await mkdtemp(path.join(tmpdir(), 'feeder-camera-fleet-'));
  });
  afterAll(async () => {
    await observer.close();
    await broker.close();
    await rm(stateDir, { recursive: true, force: true });
  });

  const cameraState = (agent: FeederAgent, online: boolean) =>
    new Promise<DeviceState>((resolve) => {
      const listener = (state: DeviceState) => {
        if (state.camera_online !== online) return;
        agent.off('state', listener);
        resolve(state);
      };
      agent.on('state', listener);
    });

  it('reports camera_online, goes offline when a camera is stopped and back when restarted', async () => {
    const fleet = await startSimulatedFleet({
      devices: [...devices, noCamera],
      broker: broker.url,
      stateDir,
      sim: { seed: 1, msPerGram: 0, settleMs: 0 },
      simulatedCamera: { output: () => ['-f', 'null', '-'] },
      logger: () => silentLogger,
    });
    try {
      const agent = fleet.agent('C-0001');
      const online = cameraState(agent, true);
      await fleet.ready();
      expect((await online).camera_online).toBe(true);
      const station = fleet.station('C-0001');
      expect(station.camera).toBeInstanceOf(SimulatedCamera);
      expect(fleet.station('C-0003').camera).toBeUndefined(); // no rtmpUrl, no camera

      // A dispense reaches the picture.
      const camera = station.camera as SimulatedCamera;
      const id = randomUUID();
      const now = Date.now();
      await observer.send('C-0001', {
        v: PROTOCOL_VERSION,
        id,
        kind: 'dispense',
        grams: 15,
        issued_at: now,
        expires_at: now + 10_000,
      });
      expect((await observer.ack('C-0001', id)).outcome).toBe('dispensed');
      await expect.poll(() => camera.scene.snapshot().bowlGrams, { timeout: 3000 }).toBeGreaterThan(10);

      const offline = cameraState(agent, false);
      const stoppedAt = Date.now();
      await camera.stop();
      expect((await offline).camera_online).toBe(false);
      expect(Date.now() - stoppedAt).toBeLessThan(5000);
      expect(fleet.station('C-0002').camera?.online()).toBe(true);

      const back = cameraState(agent, true);
      await camera.start(devices[0]?.rtmpUrl ?? '');
      expect((await back).camera_online).toBe(true);
    } finally {
      await fleet.stop();
    }
    for (const d of devices) expect(fleet.station(d.id).camera?.online()).toBe(false);
  });
});
