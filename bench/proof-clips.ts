import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeClip } from '../apps/api/src/modules/media/clip-file';
import { resolveFfmpeg, runFfmpeg } from '../apps/api/src/modules/media/ffmpeg';
import { SEGMENT_MS } from '../apps/api/src/modules/media/media-server';
import { ProofClipper, type ProofClipEvent } from '../apps/api/src/modules/proof/clipper';
import { planClips, PROOF_TIMING, type FedFeed } from '../apps/api/src/modules/proof/planner';
import { arg } from './lib';

// Proof clips (issue 28 §1): what a clip costs to cut (a stream copy of the recording's 3 s segments into an MP4), its
// size, the storage 1,000 feeds take, and the clipper's CPU with devices each dispensing every 2 s, measured with
// `--devices` devices for `--seconds` and extrapolated to 100. The database is not part of it (per clip: one insert,
// one update per feed that extends it, one at its end).
// Usage: npm run bench:proof-clips -w bench [-- --repeats 12 --devices 10 --seconds 40]

const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
if (!ffmpeg) throw new Error('ffmpeg not found (FFMPEG_PATH, PATH or @ffmpeg-installer/ffmpeg)');
const repeats = arg('repeats', 12);
const devices = arg('devices', 10);
const seconds = arg('seconds', 40);
/** A dispense every 2 s per device, each taking 1 s from command to answer. */
const EVERY_MS = 2_000;
const DISPENSE_MS = 1_000;
const TARGET_DEVICES = 100;

/** The demo's simulated camera, and a common IP camera. */
const CAMERAS = [
  { name: '426×240 15 fps 0.4 Mb/s (demo camera)', size: '426x240', fps: 15, kbps: 400 },
  { name: '1280×720 25 fps 2 Mb/s', size: '1280x720', fps: 25, kbps: 2_000 },
];

/** CPU time of this process's waited-for children (user + system), ms (USER_HZ = 100). */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * A recording as the embedded media server keeps one: 3 s MPEG-TS segments cut on keyframes (a keyframe a second,
 * as the cameras send), from a moving, noisy picture at the camera's bit rate. `seconds` long; its segment files.
 */
async function recording(dir: string, camera: (typeof CAMERAS)[number], lengthS: number): Promise<string[]> {
  const { size, fps, kbps } = camera;
  await runFfmpeg(
    ffmpeg ?? 'ffmpeg',
    [
      ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${String(fps)},noise=alls=12:allf=t`, '-t', String(lengthS)],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', `${String(kbps)}k`, '-maxrate', `${String(kbps)}k`],
      ...['-bufsize', `${String(kbps * 2)}k`, '-g', String(fps), '-keyint_min', String(fps), '-sc_threshold', '0'],
      ...['-pix_fmt', 'yuv420p', '-f', 'segment', '-segment_time', String(SEGMENT_MS / 1000)],
      ...['-segment_format', 'mpegts', '-reset_timestamps', '1', path.join(dir, '%06d.ts')],
    ],
    120_000,
  );
  return readdirSync(dir)
    .filter((n) => /^\d{6}\.ts$/.test(n))
    .sort()
    .map((n) => path.join(dir, n));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const round = (x: number, digits = 1) => Number(x.toFixed(digits));
const spread = (xs: number[]) => `${String(round(Math.min(...xs)))}–${String(round(Math.max(...xs)))}`;

/** Cuts `segments` into an MP4 `repeats` times: wall and CPU ms per cut, and the clip's size and length. */
async function cuts(work: string, segments: string[]) {
  const wall: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  let durationMs = 0;
  for (let i = 0; i < repeats + 2; i++) {
    const cpu0 = childrenCpuMs();
    const t0 = performance.now();
    const written = await writeClip(ffmpeg ?? 'ffmpeg', segments, path.join(work, 'out', `${String(i)}.mp4`), work);
    if (i < 2) continue; // warm the page cache
    wall.push(performance.now() - t0);
    cpu.push(childrenCpuMs() - cpu0);
    ({ bytes, durationMs } = written);
  }
  return { wall, cpu, bytes, durationMs };
}

/** Dispenses every 2 s on each device, answered 1 s after the command: one clip per device every ~30 s (the cap). */
function busyFeeds(deviceCount: number, perDevice: number): FedFeed[] {
  return Array.from({ length: deviceCount }, (_, d) =>
    Array.from({ length: perDevice }, (_, i) => {
      const created = i * EVERY_MS + d * 17;
      return {
        id: `${String(d)}-${String(i)}`,
        deviceId: `D${String(d)}`,
        createdMs: created,
        answeredMs: created + DISPENSE_MS,
      };
    }),
  ).flat();
}

/**
 * The clipper as the API runs it (real timers and cuts; an in-memory repository, and a media engine whose recording
 * is `segments`), fed by `devices` devices each dispensing every 2 s for `seconds`; then until its last clip is cut.
 */
async function clipperRun(work: string, segments: string[]) {
  const ends: ProofClipEvent[] = [];
  const clipper = new ProofClipper({
    repo: {
      open: () => Promise.resolve(),
      extend: () => Promise.resolve(),
      finish: () => Promise.resolve(),
      fail: () => Promise.resolve(),
      cameraOnline: () => Promise.resolve(true),
    },
    media: {
      cameraOnline: () => true,
      recent: (_deviceId, windowMs) => {
        const n = Math.min(segments.length, Math.ceil(windowMs / SEGMENT_MS) + 1);
        return Promise.resolve({ files: segments.slice(-n), durationMs: n * SEGMENT_MS });
      },
    },
    ffmpeg: ffmpeg ?? 'ffmpeg',
    uploadDir: path.join(work, 'uploads'),
    workDir: path.join(work, 'tmp'),
    clock: { now: () => new Date() },
    onError: (error) => {
      console.warn('[clipper]', error);
    },
  });
  clipper.onClip((e) => ends.push(e));
  const cpu0 = ownCpuMs() + childrenCpuMs();
  const t0 = performance.now();
  let fedCount = 0;
  const timers: NodeJS.Timeout[] = [];
  for (let d = 0; d < devices; d++) {
    const start = (d * EVERY_MS) / devices;
    timers.push(
      setTimeout(() => {
        const tick = () => {
          const now = Date.now();
          clipper.fed([
            {
              id: `${String(d)}-${String(fedCount++)}`,
              deviceId: `D${String(d)}`,
              createdAt: new Date(now - DISPENSE_MS),
              settledAt: new Date(now),
            },
          ]);
        };
        tick();
        timers.push(setInterval(tick, EVERY_MS));
      }, start),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  for (const t of timers) clearInterval(t);
  const fedWallMs = performance.now() - t0;
  // The clips still open are cut when their windows end.
  while (clipper.inProgress().length > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  const wallMs = performance.now() - t0;
  const cpuMs = ownCpuMs() + childrenCpuMs() - cpu0;
  await clipper.stop();
  return { ends, fedCount, fedWallMs, wallMs, cpuMs };
}

const work = mkdtempSync(path.join(os.tmpdir(), 'petheart-bench-proofs-'));
try {
  console.log(`ffmpeg: ${ffmpeg}`);
  console.log(`load average before: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  // 1,000 feeds: each alone (a clip each), or on busy devices (a dispense every 2 s: clips share them).
  const lone = planClips(
    Array.from({ length: 1_000 }, (_, i) => ({
      id: String(i),
      deviceId: 'A',
      createdMs: i * 60_000,
      answeredMs: i * 60_000 + DISPENSE_MS,
    })),
    PROOF_TIMING,
    500,
    (() => {
      let n = 0;
      return () => String(n++);
    })(),
  );
  const busy = planClips(
    busyFeeds(10, 100),
    PROOF_TIMING,
    500,
    (() => {
      let n = 0;
      return () => String(n++);
    })(),
  );
  const seconds1000 = (clips: typeof lone) => clips.reduce((s, c) => s + (c.endMs - c.startMs), 0) / 1000;

  const rows = [];
  let demoSegments: string[] = [];
  for (const camera of CAMERAS) {
    const dir = path.join(work, camera.size);
    mkdirSync(dir, { recursive: true });
    const segments = await recording(dir, camera, 36);
    if (rows.length === 0) demoSegments = segments;
    // A lone feed's window (8 s) takes 3 or 4 whole segments; a clip at the cap (30 s), 11.
    const single = await cuts(work, segments.slice(-4));
    const capped = await cuts(work, segments.slice(-11));
    const bytesPerS = capped.bytes / (capped.durationMs / 1000);
    rows.push({
      camera: camera.name,
      'cut ms, one feed (median)': round(median(single.wall)),
      'cut ms range': spread(single.wall),
      'cut CPU ms': round(median(single.cpu)),
      'clip s': round(single.durationMs / 1000),
      'clip KiB': round(single.bytes / 1024, 0),
      'cut ms, 30 s clip (median)': round(median(capped.wall)),
      '30 s clip KiB': round(capped.bytes / 1024, 0),
      'MiB / 1,000 lone feeds': round((lone.length * single.bytes) / 1024 / 1024),
      'MiB / 1,000 busy feeds': round((seconds1000(busy) * bytesPerS) / 1024 / 1024),
    });
  }
  console.table(rows);
  console.log(
    `${String(repeats)} cuts each; 1,000 lone feeds make ${String(lone.length)} clips (${String(round(seconds1000(lone)))} s of video); ` +
      `1,000 feeds on 10 devices dispensing every 2 s make ${String(busy.length)} clips (${String(round(seconds1000(busy)))} s)`,
  );

  // The clipper at work, on the demo camera's recording.
  console.log(
    `clipper: ${String(devices)} devices, a dispense every ${String(EVERY_MS / 1000)} s each, for ${String(seconds)} s…`,
  );
  const run = await clipperRun(work, demoSegments);
  const ready = run.ends.filter((e) => e.end.state === 'ready').length;
  const share = run.cpuMs / run.wallMs; // of one core, over the run and its tail
  // In steady state each device makes a clip every (its feeds' span / its clips); at 100 devices:
  const clipsPerDevice = busy.length / 10;
  const clipsPerSecond = (TARGET_DEVICES * clipsPerDevice) / ((100 * EVERY_MS) / 1000);
  const cpuPerClip = run.cpuMs / Math.max(1, run.ends.length);
  console.table([
    {
      devices,
      feeds: run.fedCount,
      clips: run.ends.length,
      ready,
      'feeds per clip': round(run.fedCount / Math.max(1, run.ends.length)),
      'clips/s': round(run.ends.length / (run.fedWallMs / 1000), 2),
      'CPU ms (node + ffmpeg)': round(run.cpuMs, 0),
      'wall s': round(run.wallMs / 1000),
      '% of one core': round(share * 100, 2),
      'CPU ms per clip': round(cpuPerClip, 0),
    },
  ]);
  console.log(
    `at ${String(TARGET_DEVICES)} devices: the run's share ×${String(TARGET_DEVICES / devices)} = ` +
      `${String(round(share * 100 * (TARGET_DEVICES / devices), 1))} % of one core; steady state ` +
      `${String(round(clipsPerSecond, 2))} clips/s × ${String(round(cpuPerClip, 0))} ms = ` +
      `${String(round((clipsPerSecond * cpuPerClip) / 10, 1))} % of one core`,
  );
  console.log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
