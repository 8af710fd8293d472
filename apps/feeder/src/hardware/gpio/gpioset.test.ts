import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GpioLine } from '@petheart/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GPIO_HANDLE_FD, GpiosetLineDriver, gpiosetArgs, holdsLineHandle } from './gpioset';
import { createMotor } from './motor';

/**
 * A fake `gpioset` first on the PATH: it logs its argv, when it holds the line, the signals it gets and the
 * end of its stdin (JSON lines), and "holds" the line by opening a file named fake-gpiohandle, which the
 * driver finds in /proc/<pid>/fd as it would libgpiod's line handle. Like libgpiod 1.6's, it exits when its
 * stdin ends in --mode=wait only.
 */
const FAKE = `#!${process.execPath}
const fs = require('node:fs');
const env = process.env;
const log = (event, extra) =>
  fs.appendFileSync(env.FAKE_LOG, JSON.stringify({ event, pid: process.pid, at: Date.now(), ...extra }) + '\\n');
const argv = process.argv.slice(2);
log('start', { argv });
if (argv.includes('gpiochip9')) {
  process.stderr.write('gpioset: error setting the GPIO line values: No such file or directory\\n');
  process.exit(1);
}
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => {
    log('signal', { signal });
    if (!env.FAKE_IGNORE_TERM) process.exit(0);
  });
// --mode=wait waits on stdin (getchar): its end releases the line; other modes ignore stdin.
if (argv.includes('--mode=wait')) {
  process.stdin.on('end', () => {
    log('stdin-closed');
    process.exit(0);
  });
  process.stdin.resume();
} else setInterval(() => undefined, 1000);
if (!env.FAKE_NEVER_HOLD)
  setTimeout(() => {
    log('held');
    fs.openSync(env.FAKE_HANDLE, 'w');
  }, Number(env.FAKE_HOLD_MS ?? 0));
`;

interface Entry {
  event: 'start' | 'held' | 'signal' | 'stdin-closed';
  pid: number;
  at: number;
  argv?: string[];
  signal?: string;
}

let dir: string;
let env: NodeJS.ProcessEnv;
const HANDLE = /\/fake-gpiohandle$/;
const line17: GpioLine = { chip: 'gpiochip0', line: 17, active_low: false };
const entries = (): Entry[] =>
  existsSync(env.FAKE_LOG ?? '')
    ? readFileSync(env.FAKE_LOG ?? '', 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Entry)
    : [];
const driver = (extra: Partial<ConstructorParameters<typeof GpiosetLineDriver>[0]> = {}) =>
  new GpiosetLineDriver({ env, handleFd: HANDLE, readyTimeoutMs: 5000, ...extra });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gpioset-'));
  writeFileSync(path.join(dir, 'gpioset'), FAKE);
  chmodSync(path.join(dir, 'gpioset'), 0o755);
  env = {
    ...process.env,
    PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}`,
    FAKE_LOG: path.join(dir, 'log.jsonl'),
    FAKE_HANDLE: path.join(dir, 'fake-gpiohandle'),
  };
});
afterEach(() => {
  for (const e of entries()) if (alive(e.pid)) process.kill(e.pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('gpioset line driver', () => {
  it('builds wait-mode commands, active-low when the line is', () => {
    expect(gpiosetArgs(line17, 1)).toEqual(['--mode=wait', 'gpiochip0', '17=1']);
    expect(gpiosetArgs({ chip: '/dev/gpiochip1', line: 4, active_low: true }, 0)).toEqual([
      '--mode=wait',
      '--active-low',
      '/dev/gpiochip1',
      '4=0',
    ]);
  });

  it('recognises libgpiod line handles among a process fds', async () => {
    expect(
      ['anon_inode:gpiohandle', 'anon_inode:gpio-line', 'anon_inode:[eventpoll]', '/dev/gpiochip0'].map((l) =>
        GPIO_HANDLE_FD.test(l),
      ),
    ).toEqual([true, true, false, false]);
    expect(await holdsLineHandle(process.pid)).toBe(false);
    expect(await holdsLineHandle(process.pid, /^\/dev\/null$|^pipe:|^socket:|^anon_inode:/)).toBe(true);
  });

  it('resolves a request once gpioset holds the line, and ends it with SIGTERM on release', async () => {
    env.FAKE_HOLD_MS = '150';
    const line = await driver().request({ ...line17, active_low: true }, 1);
    const requested = Date.now();
    const [start, held] = entries();
    expect(start).toMatchObject({ event: 'start', argv: ['--mode=wait', '--active-low', 'gpiochip0', '17=1'] });
    expect(held?.event).toBe('held');
    expect(requested).toBeGreaterThanOrEqual(held?.at ?? Infinity);
    expect(alive(start?.pid ?? 0)).toBe(true);

    await line.release();
    expect(entries().slice(2)).toMatchObject([{ event: 'signal', signal: 'SIGTERM', pid: start?.pid }]);
    expect(alive(start?.pid ?? 0)).toBe(false);
    await line.release(); // a second release does nothing
    expect(entries()).toHaveLength(3);
  });

  it('restarts gpioset with the new value on set, and only for a new value', async () => {
    const line = await driver().request(line17, 0);
    await line.set(0);
    await line.set(1);
    await line.release();
    expect(entries().map((e) => [e.event, e.argv?.at(-1) ?? e.signal])).toEqual([
      ['start', '17=0'],
      ['held', undefined],
      ['signal', 'SIGTERM'],
      ['start', '17=1'],
      ['held', undefined],
      ['signal', 'SIGTERM'],
    ]);
  });

  it('fails a request with gpioset’s own error, or when it never holds the line', async () => {
    await expect(driver().request({ ...line17, chip: 'gpiochip9' }, 1)).rejects.toThrow(
      /gpiochip9 17=1: exit 1: gpioset: error setting the GPIO line values: No such file or directory/,
    );
    env.FAKE_NEVER_HOLD = '1';
    await expect(driver({ readyTimeoutMs: 1500 }).request(line17, 1)).rejects.toThrow(/no line handle after 1500 ms/);
    const [, , stuck] = entries();
    expect(stuck).toMatchObject({ event: 'signal', signal: 'SIGTERM' });
    expect(alive(stuck?.pid ?? 0)).toBe(false);
  });

  it('kills a gpioset that ignores SIGTERM', async () => {
    env.FAKE_IGNORE_TERM = '1';
    const line = await driver({ stopTimeoutMs: 200 }).request(line17, 1);
    await line.release();
    const [start, , term] = entries();
    expect(term).toMatchObject({ event: 'signal', signal: 'SIGTERM' });
    expect(alive(start?.pid ?? 0)).toBe(false);
  });

  it('drives a relay motor: the line held for the run time, then SIGTERM', async () => {
    const relay = { kind: 'relay', gpio: line17, ms_per_gram: 20, max_run_ms: 15_000 } as const;
    const motor = createMotor({ ...relay, jam: { window_ms: 1500, min_rise_grams: 1 } }, { lines: driver() });
    expect(await motor.run(10)).toBe('ok');
    const [, held, term] = entries();
    expect(term?.event).toBe('signal');
    const ran = (term?.at ?? 0) - (held?.at ?? 0);
    expect(ran).toBeGreaterThanOrEqual(200);
    expect(ran).toBeLessThan(1000);
  });

  it('releases the line when the agent dies, even by SIGKILL (gpioset sees its stdin close)', async () => {
    const module = fileURLToPath(new URL('./gpioset.ts', import.meta.url));
    const agent = path.join(dir, 'agent.mts');
    writeFileSync(
      agent,
      `import { GpiosetLineDriver } from ${JSON.stringify(module)};
await new GpiosetLineDriver({ handleFd: /\\/fake-gpiohandle$/ }).request({ chip: 'gpiochip0', line: 17, active_low: false }, 1);
process.stdout.write('held\\n');
setInterval(() => undefined, 1000);
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', agent], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('held')) resolve();
      });
      child.once('exit', () => {
        reject(new Error('the agent ended before it held the line'));
      });
    });
    child.kill('SIGKILL');
    await vi.waitFor(
      () => {
        expect(entries().map((e) => e.event)).toEqual(['start', 'held', 'stdin-closed']);
      },
      { timeout: 5000 },
    );
  }, 20_000);
});
