import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib';

/**
 * Command round trip (API → broker → simulated device → ack → API) at 200 commands/s over 100 devices, on the
 * embedded broker and, when a Mosquitto binary is found (MOSQUITTO_BIN or /usr/sbin/mosquitto), on Mosquitto.
 * It drives the integration suite `devices-roundtrip` in its full mode (ROUNDTRIP=1), which holds the set-up
 * (a real API container, devices with their own credentials, a generated Mosquitto password file and ACL), and
 * prints the figure lines it reports, each with the machine's load average (/proc/loadavg) before its run.
 * The devices share the API's process unless `--devices-process` gives them one of their own; `--compare`
 * alternates the two, `--runs` times each (decision 023).
 * Usage: npm run bench:roundtrip -w bench [-- --runs 1 --devices-process --compare]
 */
export async function benchCommandRoundTrip(
  options: { devicesProcess?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const mosquitto =
    process.env.MOSQUITTO_BIN ??
    (spawnSync('sh', ['-c', 'command -v mosquitto || ls /usr/sbin/mosquitto'], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n')[0] ||
      undefined);
  const vitest = path.join(root, 'node_modules/.bin/vitest');
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const child = spawn(vitest, ['run', '--project', 'integration', 'apps/api/test/devices-roundtrip.test.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ROUNDTRIP: '1',
      ...(options.devicesProcess ? { ROUNDTRIP_DEVICES_PROCESS: '1' } : {}),
      ...(mosquitto ? { MOSQUITTO_BIN: mosquitto } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const figures = [...output.matchAll(/command round trip: (\{.*\})/g)].map((m) => ({
    ...(JSON.parse(m[1] ?? '{}') as Record<string, unknown>),
    'load average': load,
  }));
  if (code !== 0) console.error(`the round-trip suite exited with ${String(code)}:\n${output.slice(-3000)}`);
  if (!mosquitto) console.log('(no mosquitto binary found: embedded broker only)');
  return figures;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const i = process.argv.indexOf('--runs');
  const runs = i > 0 ? Number(process.argv[i + 1]) : 1;
  const placements = process.argv.includes('--compare') ? [false, true] : [process.argv.includes('--devices-process')];
  console.log('Command round trip, 200 commands/s over 100 devices (target p99 <= 25 ms on loopback):');
  const rows: Record<string, unknown>[] = [];
  for (let run = 0; run < runs; run++)
    for (const devicesProcess of placements) rows.push(...(await benchCommandRoundTrip({ devicesProcess })));
  console.table(rows);
}
