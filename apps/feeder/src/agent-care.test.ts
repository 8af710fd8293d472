import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DeviceAckSchema } from '@petheart/contracts';
import { FIRMWARE } from './agent';
import type { Scale } from './hardware/ports';
import { SIM_COUNTS_PER_GRAM, SIM_RAW_ZERO } from './hardware/sim/scale';
import { useAgentHarness, commandOf, dispenseCommand } from './test-support/agent-harness';

const harness = useAgentHarness();
const stateFile = (id: string, suffix: string) => harness().stateFile(id, suffix);

async function answer(id: string, body: Parameters<typeof commandOf>[0]) {
  const cmd = commandOf(body);
  await harness().observer.send(id, cmd);
  return DeviceAckSchema.parse(await harness().observer.ack(id, cmd.id));
}

describe('care commands', () => {
  it('tares the scale and answers its calibration', async () => {
    const { id, station } = await harness().start();
    station.scale.place(12); // something left on the tray: the tare takes it as zero
    const ack = await answer(id, { kind: 'tare' });
    expect(ack).toMatchObject({ outcome: 'done', grams: 0 });
    expect(ack.detail?.calibration).toEqual({
      zero: SIM_RAW_ZERO + 12 * SIM_COUNTS_PER_GRAM,
      counts_per_gram: SIM_COUNTS_PER_GRAM,
    });
  });

  it('calibrates with a known weight, keeps the calibration and applies it at the next start', async () => {
    const device = harness().newDevice();
    const first = await harness().start(device);
    expect((await answer(device.id, { kind: 'tare' })).outcome).toBe('done');
    first.station.scale.place(100); // the operator puts a 100 g weight on the tray, but says 200 g
    const ack = await answer(device.id, { kind: 'calibrate', known_grams: 200 });
    const calibration = { zero: SIM_RAW_ZERO, counts_per_gram: SIM_COUNTS_PER_GRAM / 2 };
    expect(ack).toMatchObject({ outcome: 'done', grams: 0, detail: { calibration } });
    expect(ack.detail?.message).toBeUndefined();
    expect(JSON.parse(await readFile(stateFile(device.id, 'calibration.json'), 'utf8'))).toEqual(calibration);
    await first.agent.stop();

    // A new station with the station file's numbers: the kept calibration wins, and weighs the food.
    const second = await harness().start(device);
    expect(second.station.scale.calibration).toEqual(calibration);
    const cmd = dispenseCommand(50);
    await harness().observer.send(device.id, cmd);
    const fed = await harness().observer.ack(device.id, cmd.id);
    expect(fed).toMatchObject({ outcome: 'dispensed' });
    expect(fed.grams).toBeGreaterThanOrEqual(97); // 50 g read with half the counts per gram
    expect(fed.grams).toBeLessThanOrEqual(103);
  });

  it('fails a calibration with nothing on the tray, or on a scale that cannot calibrate', async () => {
    const { id } = await harness().start();
    await answer(id, { kind: 'tare' });
    const empty = await answer(id, { kind: 'calibrate', known_grams: 100 });
    expect(empty).toMatchObject({ outcome: 'failed', grams: 0 });
    expect(empty.detail?.message).toMatch(/^calibration failed: the reading did not change since the tare/);

    const plain = await harness().startWith(harness().newDevice(), (sim) => {
      const scale: Scale = { tare: () => sim.scale.tare(), measure: () => sim.scale.measure() };
      return { motor: sim.motor, hopper: sim.hopper, scale };
    });
    expect(await answer(plain.id, { kind: 'calibrate', known_grams: 100 })).toMatchObject({
      outcome: 'failed',
      detail: { message: 'this scale cannot be calibrated' },
    });
    const tared = await answer(plain.id, { kind: 'tare' });
    expect(tared).toMatchObject({ outcome: 'done', grams: 0 });
    expect(tared.detail).toBeUndefined();
  });

  it('acks a restart, records the answer, then asks to be restarted; once per command id', async () => {
    const { agent, id } = await harness().start();
    const events: string[] = [];
    agent.on('acked', (ack) => events.push(`acked ${ack.outcome}`));
    let answersAtRestart = '';
    const restarted = new Promise<void>((resolve) =>
      agent.once('restart', () => {
        events.push('restart');
        void readFile(stateFile(id, 'answers.jsonl'), 'utf8').then((text) => {
          answersAtRestart = text;
          resolve();
        });
      }),
    );
    const cmd = commandOf({ kind: 'restart' });
    await harness().observer.send(id, cmd);
    await restarted;
    expect(events).toEqual(['acked done', 'restart']);
    expect(answersAtRestart).toContain(cmd.id);
    expect(await harness().observer.ack(id, cmd.id)).toMatchObject({ outcome: 'done', grams: 0 });

    await harness().observer.send(id, cmd);
    await harness().observer.waitFor(
      (r) => r.deviceId === id && r.kind === 'ack' && (r.payload as { outcome?: unknown }).outcome === 'duplicate',
    );
    expect(events).toEqual(['acked done', 'restart', 'acked duplicate']);
  });

  it("reports versions, config version and the tail of its own log, without the device's secret", async () => {
    const device = harness().newDevice();
    const { agent, logger } = await harness().start(device, {
      extra: { ffmpegVersion: () => Promise.resolve('ffmpeg version 6.1.1-3ubuntu5') },
    });
    agent.logger.warn(`connecting as mqtt://${device.id}:${device.secret}@broker`, {
      url: `rtmp://media/live/${device.id}?key=${encodeURIComponent(device.secret)}`,
      nested: [{ password: device.secret }],
    });
    const ack = await answer(device.id, { kind: 'report', log_lines: 2 });
    expect(ack).toMatchObject({ outcome: 'done', grams: 0 });
    expect(ack.detail?.versions).toEqual({
      agent: FIRMWARE,
      node: process.version,
      ffmpeg: 'ffmpeg version 6.1.1-3ubuntu5',
    });
    expect(ack.detail?.config_version).toBe(0);
    const log = ack.detail?.log ?? [];
    expect(log).toHaveLength(2);
    expect(log.at(-1)).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z warn connecting as mqtt:\/\/T-[^:]+:\[redacted\]@broker /);
    expect(log.at(-1)).toContain('"nested":[{"password":"[redacted]"}]');
    expect(log.at(0)).toMatch(/ info ready /);
    const all = await answer(device.id, { kind: 'report', log_lines: 200 });
    expect(all.detail?.log?.length).toBeGreaterThan(2);
    expect(all.detail?.log?.slice(-2)).toEqual(log); // nothing was logged between the two reports
    // Nowhere: not in the answers, not in what went to the station's own log.
    expect(JSON.stringify([ack, all])).not.toContain(device.secret);
    expect(logger.lines.join('\n')).not.toContain(device.secret);
    expect(logger.lines.some((l) => l.includes('[redacted]'))).toBe(true);
  });

  it('re-sends the answers of care commands after a reconnection', async () => {
    const { agent, id } = await harness().start();
    const tare = await answer(id, { kind: 'tare' });
    const resent = new Promise((resolve) => agent.once('resent', resolve));
    harness().broker.client(`device-${id}`)?.conn.destroy();
    expect(await resent).toEqual([tare]);
  });

  it('refills the hopper and reports the new stock', async () => {
    const { id, station } = await harness().start();
    station.hopper.drain();
    await harness().state(id, (s) => s.food_stock === 0);
    expect(await answer(id, { kind: 'refill', grams: 1200 })).toMatchObject({ outcome: 'done', grams: 0 });
    await harness().state(id, (s) => s.food_stock === 1200);
  });
});
