import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StationFileSchema, type StationFile } from '@petheart/contracts';
import { resolveFfmpeg } from '@petheart/feeder';

const bundle = path.resolve(import.meta.dirname, '../../apps/feeder/dist/petheart-feeder.mjs');

/** A station file downloaded from the console, checked against the contract. */
export const readStationFile = (file: string): StationFile =>
  StationFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));

/**
 * Runs the bundled agent (what `npm run build` writes and stations install) on a station file, with its state in
 * a temporary folder. Stops with SIGTERM, as systemd does.
 */
export function runStation(stationFile: string): { stop(): Promise<void>; log(): string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'petheart-e2e-station-'));
  const station = JSON.parse(readFileSync(stationFile, 'utf8')) as Record<string, unknown>;
  const file = path.join(dir, 'station.json');
  writeFileSync(file, JSON.stringify({ ...station, state_dir: path.join(dir, 'state') }));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [bundle, '--station', file], {
    env: { ...process.env, FFMPEG_PATH: resolveFfmpeg() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  return {
    log: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
