import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SysfsPwm } from './pwm';

let root: string;
const chip = () => path.join(root, 'pwmchip0');
const read = (name: string) => readFileSync(path.join(chip(), 'pwm1', name), 'utf8');
/** A channel folder as the kernel makes it after an export (running at 1 kHz, 90%, from an earlier run). */
const exported = () => {
  mkdirSync(path.join(chip(), 'pwm1'));
  for (const [name, value] of Object.entries({ period: '1000000', duty_cycle: '900000', enable: '1' }))
    writeFileSync(path.join(chip(), 'pwm1', name), value);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'pwm-'));
  mkdirSync(chip());
  writeFileSync(path.join(chip(), 'export'), '');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('sysfs PWM', () => {
  it('stops what an earlier run left running, then pulses at the frequency asked with a 50% duty', async () => {
    exported();
    const pwm = await new SysfsPwm({ root }).open('pwmchip0', 1);
    expect(read('enable')).toBe('0');
    expect(readFileSync(path.join(chip(), 'export'), 'utf8')).toBe(''); // already exported: not again
    await pwm.start(800);
    expect([read('period'), read('duty_cycle'), read('enable')]).toEqual(['1250000', '625000', '1']);
    await pwm.stop();
    expect(read('enable')).toBe('0');
  });

  it('exports the channel and waits for it to appear', async () => {
    let opened = false;
    const opening = new SysfsPwm({ root }).open('pwmchip0', 1).then(() => (opened = true));
    await vi.waitFor(() => {
      expect(readFileSync(path.join(chip(), 'export'), 'utf8')).toBe('1');
    });
    expect(opened).toBe(false);
    exported();
    await opening;
    expect(read('enable')).toBe('0');
  });

  it('fails when the exported channel never appears', async () => {
    await expect(new SysfsPwm({ root, exportTimeoutMs: 50 }).open('pwmchip0', 1)).rejects.toThrow(
      /pwm1 did not appear after export/,
    );
  });
});
