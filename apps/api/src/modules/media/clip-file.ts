import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg';
import { readMp4 } from './mp4';

const quote = (file: string) => `'${file.replaceAll("'", "'\\''")}'`;

/**
 * Joins recorded segments (files, or http addresses on the media origin) into one MP4 (stream copy, moov first so it plays while downloading) at
 * `target`, through a temporary file in `workDir` so the target never exists half-written. Answers its
 * size and real duration.
 */
export async function writeClip(
  ffmpeg: string,
  segments: string[],
  target: string,
  workDir: string,
): Promise<{ bytes: number; durationMs: number }> {
  await mkdir(workDir, { recursive: true });
  const base = path.join(workDir, path.basename(target, '.mp4'));
  const list = `${base}.ffconcat`;
  const temp = `${base}.part.mp4`;
  try {
    await writeFile(list, `ffconcat version 1.0\n${segments.map((s) => `file ${quote(s)}\n`).join('')}`);
    // Segments may be addresses on the nginx origin (scaled out) as well as files. nginx-rtmp's segments
    // declare an AAC track even when the camera sends no sound, which MP4 cannot take: those clips are video.
    const remote = segments.some((s) => /^https?:/.test(s));
    await runFfmpeg(ffmpeg, [
      ...(remote ? ['-protocol_whitelist', 'file,http,https,tcp,tls,crypto'] : []),
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-map',
      remote ? '0:v' : '0',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-y',
      temp,
    ]);
    const data = await readFile(temp);
    const info = readMp4(data);
    if (!info) throw new Error('ffmpeg wrote no playable MP4');
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
    return { bytes: data.length, durationMs: info.durationMs };
  } finally {
    await rm(list, { force: true });
    await rm(temp, { force: true });
  }
}
