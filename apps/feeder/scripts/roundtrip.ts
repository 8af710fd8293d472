// Command round trip on loopback: the server publishes a dispense command, the agent (simulated hardware with
// no motor or settle time) executes it and acks; measured from publish to ack received, one command at a time.
//   npm run bench:roundtrip -w apps/feeder -- [--count 1000] [--nagle]
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PROTOCOL_VERSION, deviceTopics } from '@petheart/contracts';
import { FeederAgent } from '../src/agent';
import { createSimulatedStation } from '../src/hardware/sim/station';
import { silentLogger } from '../src/logger';
import { parseArgs } from '../src/options';
import { Observer, startTestBroker } from '../src/test-support/broker';

const args = parseArgs(process.argv.slice(2));
const count = Number(args.count ?? 1000);
const noDelay = args.nagle !== 'true';
const device = { id: 'BENCH-1', secret: randomUUID() };
const stateDir = await mkdtemp(path.join(tmpdir(), 'feeder-bench-'));
const broker = await startTestBroker(new Map([[device.id, device.secret]]), noDelay);
const server = await Observer.connect(broker.url, noDelay);
const station = createSimulatedStation({ seed: 1, msPerGram: 0, settleMs: 0, capacity: 1_000_000 });
const agent = new FeederAgent(
  {
    deviceId: device.id,
    secret: device.secret,
    brokerUrl: broker.url,
    stateDir,
    tcpNoDelay: noDelay,
    logger: silentLogger,
  },
  station,
);
await agent.start();
await agent.whenReady();

const pending = new Map<string, () => void>();
const ackTopic = deviceTopics(device.id).ack;
server.client.on('message', (topic, payload) => {
  if (topic !== ackTopic) return;
  const { id } = JSON.parse(payload.toString('utf8')) as { id: string };
  pending.get(id)?.();
});

async function once(): Promise<number> {
  const id = randomUUID();
  const now = Date.now();
  const acked = new Promise<void>((resolve) => pending.set(id, resolve));
  const started = performance.now();
  server.client.publish(
    deviceTopics(device.id).cmd,
    JSON.stringify({
      v: PROTOCOL_VERSION,
      id,
      kind: 'dispense',
      grams: 10,
      issued_at: now,
      expires_at: now + 10_000,
    }),
    { qos: 1 },
  );
  await acked;
  pending.delete(id);
  return performance.now() - started;
}

for (let i = 0; i < Math.min(100, count); i += 1) await once(); // warm-up (JIT, file cache)
const samples: number[] = [];
for (let i = 0; i < count; i += 1) samples.push(await once());
samples.sort((a, b) => a - b);
const at = (q: number) => (samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? NaN).toFixed(2);
const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
console.log(
  `${String(count)} commands, TCP_NODELAY ${noDelay ? 'on' : 'off'} (both ends), ${agent.protocolVersion === 5 ? 'MQTT 5' : 'MQTT 3.1.1'}: ` +
    `p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms, mean ${mean.toFixed(2)} ms`,
);

await agent.stop();
await server.close();
await broker.close();
await rm(stateDir, { recursive: true, force: true });
