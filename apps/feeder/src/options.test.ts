import { describe, expect, it } from 'vitest';
import { flagsToStation, parseArgs, readOptions } from './options';

describe('feeder agent options', () => {
  it('reads --key value and --key=value forms', () => {
    expect(parseArgs(['--device', 'PH-0001', '--secret=abc', '--verbose'])).toEqual({
      device: 'PH-0001',
      secret: 'abc',
      verbose: 'true',
    });
  });

  it('accepts a complete set of options', () => {
    const r = readOptions(['--device', 'PH-0001', '--secret', 'x'.repeat(24), '--broker', 'mqtt://127.0.0.1:1883']);
    expect(r.ok).toBe(true);
  });

  it('lists every problem at once', () => {
    const r = readOptions(['--device', 'a', '--broker', 'http://x']);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toHaveLength(3);
  });

  it('runs simulated hardware with flags, and points real hardware at a station file', () => {
    const base = ['--device', 'PH-0001', '--secret', 'x'.repeat(24), '--broker', 'mqtt://127.0.0.1:1883'];
    const r = readOptions([...base, '--state-dir', '/tmp/s']);
    expect(r.ok && r.options).toMatchObject({ sim: 'true', 'state-dir': '/tmp/s' });
    const real = readOptions([...base, '--sim=false']);
    expect(!real.ok && real.problems).toEqual([
      'sim: flags run simulated hardware only; describe real hardware in --station FILE',
    ]);
  });

  it('turns the flags into the simulated station they describe', () => {
    const base = ['--device', 'PH-0001', '--secret', 'x'.repeat(24), '--broker', 'mqtt://127.0.0.1:1883'];
    const rtmp = ['--rtmp', 'rtmp://127.0.0.1:1935/live/PH-0001?key=abc'];
    const r = readOptions([...base, ...rtmp, '--camera', '/dev/video2', '--state-dir', '/tmp/s']);
    if (!r.ok) throw new Error(r.problems.join('; '));
    const loaded = flagsToStation(r.options);
    expect(loaded).toMatchObject({ secret: 'x'.repeat(24), rtmpUrl: rtmp[1], stateDir: '/tmp/s' });
    expect(loaded.station.hardware).toMatchObject({
      motor: { kind: 'sim' },
      camera: { kind: 'v4l2', device: '/dev/video2' },
    });
    const noRtmp = readOptions(base);
    expect(noRtmp.ok && flagsToStation(noRtmp.options).station.hardware.camera).toEqual({ kind: 'none' });
  });

  it('streams the simulated scene by default, or a V4L2 device, or nothing', () => {
    const base = ['--device', 'PH-0001', '--secret', 'x'.repeat(24), '--broker', 'mqtt://127.0.0.1:1883'];
    const rtmp = ['--rtmp', 'rtmp://127.0.0.1:1935/live/PH-0001?key=abc'];
    const sim = readOptions([...base, ...rtmp]);
    expect(sim.ok && sim.options).toMatchObject({ camera: 'sim', rtmp: 'rtmp://127.0.0.1:1935/live/PH-0001?key=abc' });
    const device = readOptions([...base, ...rtmp, '--camera', '/dev/video0']);
    expect(device.ok && device.options.camera).toBe('/dev/video0');
    expect(readOptions([...base, '--camera', 'none']).ok).toBe(true);
    expect(readOptions([...base, '--camera', '/etc/passwd; rm']).ok).toBe(false);
    expect(readOptions([...base, '--rtmp', 'http://x/live']).ok).toBe(false);
  });
});
