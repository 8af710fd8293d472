import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeviceStateSchema } from '@petheart/contracts';
import type { FeederAgent, FeederAgentOptions } from './agent';
import type { SimStationOptions } from './hardware/sim/station';
import { Observer } from './test-support/broker';
import type { TestBroker } from './test-support/broker';
import { AgentHarness, dispenseCommand } from './test-support/agent-harness';
import type { Device } from './test-support/agent-harness';

let harness: AgentHarness;
let broker: TestBroker;
let observer: Observer;

beforeAll(async () => {
  harness = await AgentHarness.create();
  ({ broker, observer } = harness);
});

afterEach(async () => {
  await harness.stopAll();
});

afterAll(async () => {
  await harness.close();
});

const newDevice = (): Device => harness.newDevice();
const command = dispenseCommand;

function startAgent(
  device = newDevice(),
  sim: SimStationOptions = {},
  extra: Partial<FeederAgentOptions> = {},
  beforeStart: (agent: FeederAgent) => void = () => undefined,
) {
  return harness.start(device, { sim, extra, beforeStart });
}

const isState = (id: string, online: boolean) => (r: Observer['received'][number]) =>
  r.deviceId === id && r.kind === 'state' && (r.payload as { online?: unknown }).online === online;

describe('FeederAgent', () => {
  it('signs in with its credentials and publishes a retained online state', async () => {
    const { id, agent } = await startAgent();
    // aedes 1.x refuses MQTT 5; the agent falls back to 3.1.1 by itself.
    expect(agent.protocolVersion).toBe(4);
    const late = await Observer.connect(broker.url); // subscribes after the publish: sees the retained copy
    try {
      const m = await late.waitFor(isState(id, true));
      expect(m.retain).toBe(true);
      expect(DeviceStateSchema.parse(m.payload)).toMatchObject({
        online: true,
        feeder_online: true,
        camera_online: false,
        food_stock: 5000,
        firmware: 'petheart-feeder/0.1.0',
      });
    } finally {
      await late.close();
    }
  });

  it('is refused with a wrong secret and publishes nothing', async () => {
    const device = newDevice();
    const wrong = { id: device.id, secret: 'not-the-secret' };
    let refused: Promise<number> | undefined;
    const { agent } = await startAgent(wrong, {}, { secret: wrong.secret }, (a) => {
      refused = new Promise((resolve) => {
        a.once('refused', resolve);
      });
    });
    expect(await refused).toBe(4); // MQTT 3.1.1: bad user name or password
    expect(agent.ready).toBe(false);
    expect(observer.received.some((r) => r.deviceId === device.id)).toBe(false);
  });

  it('dispenses and acks the grams the scale measured, then reports the lower stock', async () => {
    const { id, station } = await startAgent();
    const cmd = command(50);
    await observer.send(id, cmd);
    const ack = await observer.ack(id, cmd.id);
    expect(ack).toMatchObject({ v: 1, id: cmd.id, outcome: 'dispensed' });
    expect(ack.grams).toBeGreaterThanOrEqual(48);
    expect(ack.grams).toBeLessThanOrEqual(52);
    expect(station.hopper.stock).toBe(4950);
    await observer.waitFor((r) => r.deviceId === id && (r.payload as { food_stock?: unknown }).food_stock === 4950);
  });

  it('reports a change of the stock alone at most once per interval, and running empty at once', async () => {
    const { id, station } = await startAgent(undefined, {}, { stockReportMs: 1500 });
    const stateOf = (r: Observer['received'][number]) => r.payload as { food_stock: number; at: number };
    const stocks = () =>
      observer.received.filter((r) => r.deviceId === id && r.kind === 'state').map((r) => stateOf(r));
    const ready = stocks().at(-1);
    for (const grams of [10, 10, 10]) {
      const cmd = command(grams);
      await observer.send(id, cmd);
      await observer.ack(id, cmd.id);
    }
    const later = stateOf(await observer.waitFor((r) => r.deviceId === id && stateOf(r).food_stock === 4970));
    // One report for the three portions, the interval after the last one.
    expect(stocks().map((s) => s.food_stock)).toEqual([5000, 4970]);
    expect(later.at - (ready?.at ?? 0)).toBeGreaterThanOrEqual(1500);

    station.hopper.drain();
    const empty = stateOf(await observer.waitFor((r) => r.deviceId === id && stateOf(r).food_stock === 0));
    expect(empty.at - later.at).toBeLessThan(1500);
  });

  it('acks a repeated command id as duplicate without dispensing again', async () => {
    const { id, station } = await startAgent();
    const cmd = command(10);
    await observer.send(id, cmd);
    expect((await observer.ack(id, cmd.id)).outcome).toBe('dispensed');
    await observer.send(id, { ...cmd, issued_at: cmd.issued_at + 1 });
    const second = await observer.waitFor(
      (r) => r.kind === 'ack' && r.deviceId === id && (r.payload as { outcome?: unknown }).outcome === 'duplicate',
    );
    expect(second.payload).toMatchObject({ id: cmd.id, grams: 0 });
    expect(station.motor.runs).toBe(1);
    expect(station.hopper.stock).toBe(4990);
  });

  it('drops a command past its expiry', async () => {
    const { id, station } = await startAgent();
    const cmd = command(10, -1);
    await observer.send(id, cmd);
    expect(await observer.ack(id, cmd.id)).toMatchObject({ outcome: 'expired', grams: 0 });
    expect(station.motor.runs).toBe(0);
  });

  it('acks jammed with 0 g when the motor jams, and empty when the hopper is empty', async () => {
    const { id, station } = await startAgent();
    station.motor.injectFault('jam');
    const jam = command(30);
    await observer.send(id, jam);
    expect(await observer.ack(id, jam.id)).toMatchObject({ outcome: 'jammed', grams: 0 });
    expect(station.hopper.stock).toBe(5000);

    station.hopper.drain();
    await observer.waitFor((r) => r.deviceId === id && (r.payload as { food_stock?: unknown }).food_stock === 0);
    const empty = command(30);
    await observer.send(id, empty);
    expect(await observer.ack(id, empty.id)).toMatchObject({ outcome: 'empty', grams: 0 });
    expect(station.motor.runs).toBe(1);
  });

  it('ignores and logs payloads that are not valid commands', async () => {
    const { id, agent, station, logger } = await startAgent();
    let ignored = 0;
    agent.on('ignored', () => (ignored += 1));
    await observer.send(id, 'not json');
    await observer.send(id, JSON.stringify({ ...command(), grams: 5000 }));
    await observer.send(id, JSON.stringify({ ...command(), id: 'not-a-uuid' }));
    const valid = command(10);
    await observer.send(id, valid);
    await observer.ack(id, valid.id); // QoS 1 on one session keeps order: the bad ones were handled first
    expect(ignored).toBe(3);
    expect(logger.warnings.filter((w) => w === 'command ignored')).toHaveLength(3);
    expect(observer.received.filter((r) => r.deviceId === id && r.kind === 'ack')).toHaveLength(1);
    expect(station.motor.runs).toBe(1);
  });

  it('is marked offline by its last will when the connection dies, then reconnects', async () => {
    const { id, agent } = await startAgent();
    await observer.waitFor(isState(id, true));
    const seen = observer.received.length;
    const reconnected = new Promise<void>((resolve) => agent.once('ready', resolve));
    broker.client(`device-${id}`)?.conn.destroy();
    const will = await observer.waitFor((r) => observer.received.indexOf(r) >= seen && isState(id, false)(r));
    expect(DeviceStateSchema.parse(will.payload)).toMatchObject({ online: false, feeder_online: false });
    await reconnected;
    await observer.waitFor(
      (r) => observer.received.indexOf(r) > observer.received.indexOf(will) && isState(id, true)(r),
    );
  });

  it('publishes an offline state when stopped', async () => {
    const { id, agent } = await startAgent();
    await agent.stop();
    await observer.waitFor(isState(id, false));
  });

  it('runs one dispense at a time, in order, and expires a command that waited too long', async () => {
    const { id, station } = await startAgent(undefined, { msPerGram: 2 });
    const cmds = [command(40), command(20), command(20)];
    const late = command(10, 30); // expires while the others run (≥ 160 ms)
    for (const c of [...cmds, late]) await observer.send(id, c);
    const acks = await Promise.all([...cmds, late].map((c) => observer.ack(id, c.id)));
    expect(acks.map((a) => a.outcome)).toEqual(['dispensed', 'dispensed', 'dispensed', 'expired']);
    expect(station.motor.maxConcurrentRuns).toBe(1);
    const order = observer.received
      .filter((r) => r.deviceId === id && r.kind === 'ack')
      .map((r) => (r.payload as { id: string }).id);
    expect(order).toEqual([...cmds, late].map((c) => c.id));
  });

  it('re-sends the answers of its recent executions after a reconnection, and after a restart', async () => {
    const device = newDevice();
    const first = await startAgent(device);
    const acked: unknown[] = [];
    first.agent.on('acked', (a) => acked.push(a));
    const cmd = command(10);
    await observer.send(device.id, cmd);
    const answer = await observer.ack(device.id, cmd.id);
    const answers = () => observer.received.filter((r) => r.kind === 'ack' && r.deviceId === device.id);
    const resent = new Promise((resolve) => first.agent.once('resent', resolve));
    broker.client(`device-${device.id}`)?.conn.destroy();
    expect(await resent).toEqual([answer]);
    await observer.waitFor(() => answers().length === 2);
    expect(answers().map((r) => r.payload)).toEqual([answer, answer]);
    await first.agent.stop();

    const second = await startAgent(device, {}, {}, (a) => a.once('resent', (acks) => acked.push(...acks)));
    await observer.waitFor(() => answers().length === 3);
    expect(acked).toEqual([answer, answer]); // one execution, one answer re-sent after the restart
    expect(first.station.motor.runs + second.station.motor.runs).toBe(1);
  });

  it('remembers executed ids across a restart', async () => {
    const device = newDevice();
    const first = await startAgent(device);
    const cmd = command(10);
    await observer.send(device.id, cmd);
    expect((await observer.ack(device.id, cmd.id)).outcome).toBe('dispensed');
    await first.agent.stop();

    const second = await startAgent(device);
    await observer.send(device.id, cmd);
    const dup = await observer.waitFor(
      (r) =>
        r.deviceId === device.id && r.kind === 'ack' && (r.payload as { outcome?: unknown }).outcome === 'duplicate',
    );
    expect(dup.payload).toMatchObject({ id: cmd.id, grams: 0 });
    expect(second.station.motor.runs).toBe(0);
  });
});
