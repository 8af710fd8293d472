import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DeviceStateSchema, PROTOCOL_VERSION } from '@petheart/contracts';
import type { DeviceCommand } from '@petheart/contracts';
import type { Camera } from './hardware/ports';
import { useAgentHarness, commandOf, deviceConfig, dispenseCommand } from './test-support/agent-harness';

const harness = useAgentHarness();
const stateFile = (id: string, suffix: string) => harness().stateFile(id, suffix);
const readJson = async (file: string): Promise<unknown> => JSON.parse(await readFile(file, 'utf8'));

async function run(id: string, cmd: DeviceCommand) {
  await harness().observer.send(id, cmd);
  return harness().observer.ack(id, cmd.id);
}

describe('the station config', () => {
  it('is taken from the retained topic after the agent was offline, reported and kept', async () => {
    const device = harness().newDevice();
    await harness().observer.sendConfig(device.id, deviceConfig(3, [10, 20], 500)); // while the agent is not running
    const first = await harness().start(device);
    const applied = await harness().state(device.id, (s) => s.config_version === 3);
    expect(DeviceStateSchema.parse(applied)).toMatchObject({ online: true, config_version: 3 });

    // An older or equal version is ignored (the command after them is handled after them: one session, in order).
    const seen = harness().states(device.id).length;
    let configs = 0;
    first.agent.on('config', () => (configs += 1));
    await harness().observer.sendConfig(device.id, deviceConfig(2, [40], 500));
    await harness().observer.sendConfig(device.id, deviceConfig(3, [40], 1));
    expect(await run(device.id, dispenseCommand(20))).toMatchObject({ outcome: 'dispensed' });
    expect(configs).toBe(0);
    expect(first.logger.lines.some((l) => l.startsWith('info older config ignored'))).toBe(true);
    expect(
      harness()
        .states(device.id)
        .slice(seen)
        .every((s) => s.config_version === 3),
    ).toBe(true);
    await first.agent.stop(); // waits for the file's last write
    expect(await readJson(stateFile(device.id, 'config.json'))).toMatchObject({ version: 3, daily_gram_cap: 500 });

    // Restarted without the retained copy (the broker lost it): it still runs version 3 from its state folder.
    await harness().observer.sendConfig(device.id, null);
    const before = harness().states(device.id).length;
    const second = await harness().start(device);
    const online = await harness().state(
      device.id,
      (s) => harness().states(device.id).indexOf(s) >= before && s.online === true,
    );
    expect(online.config_version).toBe(3);
    expect(second.logger.lines).toContain('info running the kept config {"version":3}');
    expect(await run(device.id, dispenseCommand(25))).toMatchObject({ outcome: 'failed', grams: 0 });
  });

  it('reports config_version 0 before any config, and ignores an invalid one', async () => {
    const { id, agent } = await harness().start();
    expect((await harness().state(id, (s) => s.online === true)).config_version).toBe(0);
    const ignored = new Promise((resolve) => agent.once('ignored', resolve));
    await harness().observer.sendConfig(id, null); // a retained config cleared: nothing to say about it
    await harness().observer.sendConfig(id, JSON.stringify({ ...deviceConfig(1, [10], 100), daily_gram_cap: 0 }));
    expect(await ignored).toMatch(/^invalid config: daily_gram_cap /);
    expect(await run(id, dispenseCommand(300))).toMatchObject({ outcome: 'dispensed' }); // no limits but the schema's
  });

  it('refuses a dispense above the largest portion or past the daily cap; test dispenses do not count', async () => {
    const device = harness().newDevice();
    await harness().observer.sendConfig(device.id, deviceConfig(1, [10, 25], 60));
    const first = await harness().start(device);
    await harness().state(device.id, (s) => s.config_version === 1);

    const big = await run(device.id, dispenseCommand(30));
    expect(big).toEqual(
      expect.objectContaining({
        outcome: 'failed',
        grams: 0,
        detail: { message: '30 g is above the largest portion (25 g) of config 1' },
      }),
    );
    expect(first.station.motor.runs).toBe(0);
    const test = await run(device.id, commandOf({ kind: 'test_dispense', grams: 40 }));
    expect(test).toMatchObject({ outcome: 'dispensed' });
    const fed = [await run(device.id, dispenseCommand(25)), await run(device.id, dispenseCommand(25))];
    expect(fed.map((a) => a.outcome)).toEqual(['dispensed', 'dispensed']);
    const today = fed.reduce((sum, a) => sum + Number(a.grams), 0); // 48–52 g: the test's 40 g are not in it
    const over = await run(device.id, dispenseCommand(20));
    expect(over).toMatchObject({
      outcome: 'failed',
      grams: 0,
      detail: { message: `20 g would pass the daily cap of 60 g (${String(today)} g dispensed today, UTC)` },
    });
    expect(first.station.motor.runs).toBe(3);
    await first.agent.stop(); // waits for the file's last write
    expect(await readJson(stateFile(device.id, 'daily.json'))).toEqual({
      day: new Date().toISOString().slice(0, 10),
      grams: today,
    });

    // The day's grams survive a restart.
    const second = await harness().start(device);
    expect(await run(device.id, dispenseCommand(20))).toMatchObject({ outcome: 'failed', grams: 0 });
    expect(await run(device.id, dispenseCommand(5))).toMatchObject({ outcome: 'dispensed' });
    expect(second.station.motor.runs).toBe(1);
  });
});

describe('state', () => {
  it("reports the clock skew seen on commands and warns once that the station's clock is off", async () => {
    const { id, logger } = await harness().start(undefined, { extra: { stockReportMs: 50 } });
    const warnings = () => logger.warnings.filter((w) => w.startsWith("the station's clock disagrees"));
    const skewed = (skewMs: number, ttlMs = 10_000): DeviceCommand => {
      const issued = Date.now() - skewMs; // what a server whose clock is `skewMs` behind ours would stamp
      return {
        v: PROTOCOL_VERSION,
        id: randomUUID(),
        kind: 'dispense',
        grams: 5,
        issued_at: issued,
        expires_at: issued + ttlMs,
      };
    };
    expect(await run(id, skewed(-60_000))).toMatchObject({ outcome: 'dispensed' }); // our clock is a minute behind
    const behind = await harness().state(id, (s) => typeof s.clock_skew_ms === 'number');
    expect(behind.clock_skew_ms).toBeGreaterThanOrEqual(-60_000); // plus the time the command took to arrive
    expect(behind.clock_skew_ms).toBeLessThan(-59_000);
    expect(warnings()).toHaveLength(1);
    expect(logger.lines.find((l) => l.startsWith("warn the station's clock"))).toMatch(/run after their expiry/);

    expect(await run(id, skewed(120_000))).toMatchObject({ outcome: 'expired' }); // two minutes ahead
    const ahead = await harness().state(id, (s) => Number(s.clock_skew_ms) >= 120_000);
    expect(ahead.clock_skew_ms).toBeLessThan(121_000);
    expect(warnings()).toHaveLength(1); // at most once per 10 minutes
    expect(await run(id, skewed(0))).toMatchObject({ outcome: 'dispensed' });
    const back = await harness().state(id, (s) => Math.abs(Number(s.clock_skew_ms)) < 1000);
    expect(back.clock_skew_ms).toBeGreaterThanOrEqual(0);
  });

  it("reports the hopper's capacity and the camera's rates", async () => {
    const camera: Camera = {
      start: () => Promise.resolve(),
      stop: () => Promise.resolve(),
      online: () => true,
      onChange: () => () => undefined,
      stats: () => ({ fps: 14.96, kbps: 351.4 }),
    };
    const { id } = await harness().startWith(harness().newDevice(), (sim) => ({ ...sim, camera }), {
      sim: { capacity: 4000 },
    });
    const state = DeviceStateSchema.parse(await harness().state(id, (s) => s.online === true));
    expect(state).toMatchObject({ camera_online: true, camera_fps: 15, camera_kbps: 351, hopper_capacity: 4000 });
    expect(state.clock_skew_ms).toBeUndefined();
  });
});
