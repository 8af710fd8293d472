import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpeg, runFfmpeg } from '../apps/api/src/modules/media/ffmpeg';
import { grabArgs, STILL_INTERVAL_MS } from '../apps/api/src/modules/media/thumbnails';
import { arg } from './lib';

// The live stills' CPU cost per camera (issue 26 §2): the ffmpeg CPU time (user + system) of one grab, exactly as
// the thumbnailer runs it (grabArgs), on a live HLS segment of a camera's stream, and what one grab every
// STILL_INTERVAL_MS makes of one core. Usage: npm run bench:thumbnails -w bench [-- --repeats 15 --batch 10]

const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
if (!ffmpeg) throw new Error('ffmpeg not found (FFMPEG_PATH, PATH or @ffmpeg-installer/ffmpeg)');
const repeats = arg('repeats', 15);
const batch = arg('batch', 10);

/** Cameras measured: the demo's simulated one's size, and common IP camera streams at their usual bit rates. */
const CAMERAS = [
  { name: '426×240 15 fps 0.4 Mb/s (demo camera)', size: '426x240', fps: 15, kbps: 400 },
  { name: '1280×720 25 fps 2 Mb/s', size: '1280x720', fps: 25, kbps: 2_000 },
  { name: '1920×1080 25 fps 4 Mb/s', size: '1920x1080', fps: 25, kbps: 4_000 },
];

/** CPU time of this process's waited-for children (user + system), ms; the kernel counts in clock ticks of 10 ms. */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10; // cutime, cstime (USER_HZ = 100)
}

/**
 * Live HLS as the recorder writes it (1 s segments, each opening on a keyframe, as the cameras send one a second)
 * from a moving, detailed picture (testsrc2 with noise: harder to code than a flat test card) at the camera's bit
 * rate; the newest segment.
 */
async function liveSegment(dir: string, camera: (typeof CAMERAS)[number]): Promise<string> {
  const { size, fps, kbps } = camera;
  const rate = [`${String(kbps)}k`, '-maxrate', `${String(kbps)}k`, '-bufsize', `${String(kbps * 2)}k`];
  await runFfmpeg(ffmpeg ?? 'ffmpeg', [
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${String(fps)},noise=alls=12:allf=t`, '-t', '4'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', ...rate],
    ...['-g', String(fps), '-keyint_min', String(fps), '-sc_threshold', '0'],
    ...['-pix_fmt', 'yuv420p', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '6'],
    ...['-hls_segment_filename', path.join(dir, '%d.ts'), path.join(dir, 'index.m3u8')],
  ]);
  const newest = readdirSync(dir)
    .filter((n) => /^\d+\.ts$/.test(n))
    .sort((a, b) => parseInt(b) - parseInt(a))[0];
  if (!newest) throw new Error('no segment written');
  return path.join(dir, newest);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const round = (x: number, digits = 1) => Number(x.toFixed(digits));

const work = mkdtempSync(path.join(os.tmpdir(), 'petheart-bench-stills-'));
try {
  console.log(`ffmpeg: ${ffmpeg}`);
  console.log(`load average before: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  const rows = [];
  for (const camera of CAMERAS) {
    const dir = path.join(work, camera.size);
    mkdirSync(dir, { recursive: true });
    const segment = await liveSegment(dir, camera);
    let n = 0;
    const grab = () => runFfmpeg(ffmpeg, grabArgs(segment, path.join(dir, `still-${String(n++)}.jpg`)));
    for (let i = 0; i < 3; i++) await grab(); // warm the page cache
    const cpu: number[] = [];
    const wall: number[] = [];
    // Each repeat is a batch of grabs one after another: the kernel's 10 ms ticks, divided by the batch.
    for (let r = 0; r < repeats; r++) {
      const cpu0 = childrenCpuMs();
      const wall0 = performance.now();
      for (let i = 0; i < batch; i++) await grab();
      cpu.push((childrenCpuMs() - cpu0) / batch);
      wall.push((performance.now() - wall0) / batch);
    }
    const cpuMs = median(cpu);
    rows.push({
      camera: camera.name,
      'segment KiB': round(readFileSync(segment).length / 1024, 0),
      'CPU ms/grab (median)': round(cpuMs),
      'CPU ms range': `${String(round(Math.min(...cpu)))}–${String(round(Math.max(...cpu)))}`,
      'wall ms/grab (median)': round(median(wall)),
      '% of one core per camera': round((cpuMs / STILL_INTERVAL_MS) * 100, 3),
    });
  }
  console.table(rows);
  console.log(
    `${String(repeats)} repeats of ${String(batch)} grabs each; one grab every ${String(STILL_INTERVAL_MS / 1000)} s per camera`,
  );
  console.log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
