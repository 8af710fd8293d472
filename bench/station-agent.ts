import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stationFileFor, type CameraConfig } from '@petheart/contracts';
import { resolveFfmpeg } from '../apps/api/src/modules/media/ffmpeg';
import { startRtspCamera } from '../apps/feeder/src/test-support/rtsp-camera';
import { arg, cpuSeconds, root, sleep, startApi } from './lib';
import { descendants, loadAverage, mb, procStatus } from './proc-memory';

// The feeder agent's own cost on a station (issue 27): the bundled agent (npm run build) on a station file against
// the API, with simulated motor and scale, and three cameras: none (idle), the simulated scene (rendered in node,
// encoded by ffmpeg), and an RTSP camera relayed without re-encoding (a stand-in 640×480 H.264 camera). For each:
// the agent's and its ffmpeg's CPU (% of one core) over `--seconds` after a warm-up, and resident memory.
// Usage: npm run bench:station-agent -w bench [-- --seconds 20]

const seconds = arg('seconds', 20);
const bundle = path.join(root, 'apps/feeder/dist/petheart-feeder.mjs');
const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
if (!ffmpeg) throw new Error('ffmpeg not found');

const api = await startApi({ SIM_FEEDERS: '0', SEED_DEMO_CONTENT: 'false' });
const camera = await startRtspCamera({ user: 'admin', password: 'bench-pass', size: '640x480' });
const work = mkdtempSync(path.join(os.tmpdir(), 'station-agent-'));

async function call(url: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${api.url}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: Record<string, unknown> };
  return json.data;
}

const login = await call('/user/login', { account: 'admin@petheart.local', password: 'petheart-admin' });
const token = (login.userinfo as { token: string }).token;
const bases = await call('/admin/base/list', { limit: 1 }, token);
const baseId = (bases.list as { id: number }[])[0]?.id ?? 0;

async function measure(name: string, cameraConfig: CameraConfig): Promise<string> {
  const made = await call('/admin/device/provision', { base_id: baseId, name }, token);
  const device = (made.device as { device_id: string }).device_id;
  const station = stationFileFor(
    {
      device,
      secret: String(made.secret),
      broker_url: String(made.broker_url),
      media_ingest: made.media_ingest as string | null,
    },
    'sim',
  );
  const file = path.join(work, `${device}.json`);
  const stateDir = path.join(work, device);
  writeFileSync(
    file,
    JSON.stringify({ ...station, state_dir: stateDir, hardware: { ...station.hardware, camera: cameraConfig } }),
  );
  const agent = spawn(process.execPath, [bundle, '--station', file], {
    env: { ...process.env, FFMPEG_PATH: ffmpeg },
    stdio: 'ignore',
  });
  const pid = agent.pid ?? 0;
  await sleep(8_000); // connected, camera streaming, JIT warm
  const ffmpegPid = () => descendants(pid).find((d) => d.kind.includes('ffmpeg'))?.pid;
  const before = { agent: cpuSeconds(pid), ffmpeg: cpuSeconds(ffmpegPid() ?? 0) };
  await sleep(seconds * 1000);
  const after = { agent: cpuSeconds(pid), ffmpeg: cpuSeconds(ffmpegPid() ?? 0) };
  const rss = procStatus(pid).VmRSS ?? 0;
  const ffmpegRss = descendants(pid).find((d) => d.kind.includes('ffmpeg'))?.rssMb;
  const pct = (a: number, b: number) => ((100 * (b - a)) / seconds).toFixed(1);
  const exited = new Promise((r) => agent.once('exit', r));
  agent.kill('SIGTERM');
  await exited;
  return (
    `${name}: agent ${pct(before.agent, after.agent)} % CPU, ${String(mb(rss))} MB` +
    (ffmpegRss === undefined ? '' : `; ffmpeg ${pct(before.ffmpeg, after.ffmpeg)} % CPU, ${String(ffmpegRss)} MB`)
  );
}

try {
  const lines = [
    await measure('idle (no camera)', { kind: 'none' }),
    await measure('simulated camera (426×240, encoded)', { kind: 'sim' }),
    await measure('RTSP camera relayed (640×480 H.264)', {
      kind: 'rtsp',
      url: camera.url('h264'),
      transport: 'tcp',
      reencode: 'auto',
    }),
  ];
  console.log(`load average ${loadAverage()}; ${String(seconds)} s each after an 8 s warm-up`);
  for (const line of lines) console.log(line);
} finally {
  await camera.stop();
  await api.stop();
  rmSync(work, { recursive: true, force: true });
}
