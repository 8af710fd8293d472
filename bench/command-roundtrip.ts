import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib';

/**
 * Command round trip (API → broker → simulated device → ack → API) at 200 commands/s over 100 devices, on the
 * embedded broker and, when a Mosquitto binary is found (MOSQUITTO_BIN or /usr/sbin/mosquitto), on Mosquitto.
 * It drives the integration suite `devices-roundtrip` in its full mode (ROUNDTRIP=1), which holds the set-up
 * (a real API container, devices with their own credentials, a generated Mosquitto password file and ACL), and
 * prints the figure lines it reports. Usage: npm run bench:roundtrip -w bench
 */
export async function benchCommandRoundTrip(): Promise<Record<string, unknown>[]> {
  const mosquitto =
    process.env.MOSQUITTO_BIN ??
    (spawnSync('sh', ['-c', 'command -v mosquitto || ls /usr/sbin/mosquitto'], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n')[0] ||
      undefined);
  const vitest = path.join(root, 'node_modules/.bin/vitest');
  const child = spawn(vitest, ['run', '--project', 'integration', 'apps/api/test/devices-roundtrip.test.ts'], {
    cwd: root,
    env: { ...process.env, ROUNDTRIP: '1', ...(mosquitto ? { MOSQUITTO_BIN: mosquitto } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const figures = [...output.matchAll(/command round trip: (\{.*\})/g)].map(
    (m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>,
  );
  if (code !== 0) console.error(`the round-trip suite exited with ${String(code)}:\n${output.slice(-3000)}`);
  if (!mosquitto) console.log('(no mosquitto binary found: embedded broker only)');
  return figures;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  console.log('Command round trip, 200 commands/s over 100 devices (target p99 <= 25 ms on loopback):');
  console.table(await benchCommandRoundTrip());
}
