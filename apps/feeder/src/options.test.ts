import { describe, expect, it } from 'vitest';
import { parseArgs, readOptions } from './options';

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

  it('defaults to simulated hardware and reads --state-dir', () => {
    const base = ['--device', 'PH-0001', '--secret', 'x'.repeat(24), '--broker', 'mqtt://127.0.0.1:1883'];
    const r = readOptions([...base, '--state-dir', '/tmp/s']);
    expect(r.ok && r.options).toMatchObject({ sim: true, 'state-dir': '/tmp/s' });
    const real = readOptions([...base, '--sim=false']);
    expect(real.ok && real.options.sim).toBe(false);
    expect(readOptions([...base, '--sim=maybe']).ok).toBe(false);
  });
});
