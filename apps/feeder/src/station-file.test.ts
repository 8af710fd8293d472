import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStation } from './station-file';

const station = {
  version: 1,
  device: 'PH-0042',
  secret_file: 'secret',
  broker: 'mqtt://127.0.0.1:1883',
  media: { ingest: 'rtmp://127.0.0.1:1935/live' },
  state_dir: 'state',
  hardware: {
    motor: { kind: 'sim' },
    scale: { kind: 'sim' },
    hopper: { kind: 'sim' },
    camera: { kind: 'sim' },
  },
};

async function folderWith(files: Record<string, string>, secretMode = 0o600): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'station-'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  if (files.secret !== undefined) await chmod(path.join(dir, 'secret'), secretMode);
  return dir;
}

describe('loading a station file', () => {
  it('reads the secret from its file, resolves paths from the station file’s folder, builds the publish address', async () => {
    const dir = await folderWith({ 'station.json': JSON.stringify(station), secret: 'k'.repeat(24) + '\n' });
    const result = await loadStation(path.join(dir, 'station.json'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.loaded.secret).toBe('k'.repeat(24));
    expect(result.loaded.stateDir).toBe(path.join(dir, 'state'));
    expect(result.loaded.rtmpUrl).toBe(`rtmp://127.0.0.1:1935/live/PH-0042?key=${'k'.repeat(24)}`);
    expect(result.loaded.warnings).toEqual([]);
  });

  it('warns when other users can read the secret file', async () => {
    const dir = await folderWith({ 'station.json': JSON.stringify(station), secret: 'k'.repeat(24) }, 0o644);
    const result = await loadStation(path.join(dir, 'station.json'));
    expect(result.ok && result.loaded.warnings).toEqual([
      `secret_file: ${path.join(dir, 'secret')} can be read by other users (chmod 600 it)`,
    ]);
  });

  it('says what is wrong: a missing file, broken JSON, schema problems, a missing or short secret', async () => {
    const dir = await folderWith({
      'broken.json': '{ "version": 1,',
      'bad.json': JSON.stringify({ ...station, broker: 'http://x', hardware: { ...station.hardware, motor: {} } }),
      'nosecret.json': JSON.stringify(station),
      'short.json': JSON.stringify({ ...station, secret_file: 'short' }),
      short: 'abc',
    });
    const problems = async (name: string) => {
      const r = await loadStation(path.join(dir, name));
      return r.ok ? [] : r.problems;
    };
    expect(await problems('missing.json')).toEqual([`${path.join(dir, 'missing.json')}: cannot read it (ENOENT)`]);
    expect((await problems('broken.json'))[0]).toMatch(/broken\.json: not JSON \(/);
    expect(await problems('bad.json')).toEqual([
      'broker: an mqtt:// or mqtts:// URL',
      'hardware.motor.kind: sim, relay or stepper',
    ]);
    expect(await problems('nosecret.json')).toEqual([`secret_file: cannot read ${path.join(dir, 'secret')} (ENOENT)`]);
    expect(await problems('short.json')).toEqual([
      `secret_file: ${path.join(dir, 'short')} holds no secret of 16+ characters`,
    ]);
  });
});
