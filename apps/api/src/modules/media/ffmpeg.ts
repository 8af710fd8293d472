import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The ffmpeg binary: FFMPEG_PATH when configured, else `ffmpeg` on PATH (Debian's), else the one the
 * @ffmpeg-installer/ffmpeg package ships; undefined when there is none (clips are then unavailable).
 */
export function resolveFfmpeg(configured: string | undefined, searchPath = process.env.PATH ?? ''): string | undefined {
  if (configured) return configured;
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'ffmpeg');
    if (executable(candidate)) return candidate;
  }
  try {
    const require = createRequire(import.meta.url);
    const bundled = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    return executable(bundled) ? bundled : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs ffmpeg to completion; rejects with the end of its stderr when it fails or outlives `timeoutMs`, or when
 * `signal` aborts (the child is killed).
 */
export function runFfmpeg(ffmpeg: string, args: string[], timeoutMs = 30_000, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
      killSignal: 'SIGKILL',
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2_000);
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed (${signal ?? String(code)}): ${stderr.trim()}`));
    });
  });
}
