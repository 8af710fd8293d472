import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readdir, readlink } from 'node:fs/promises';
import type { GpioLine } from '@petheart/contracts';
import type { Clock } from '../../clock';
import { sleep, systemClock } from '../../clock';
import type { Logger } from '../../logger';
import { silentLogger } from '../../logger';
import type { LineDriver, LineValue, OutputLine } from './lines';
import { lineName } from './lines';

/** What a requested line's fd links to in /proc/<pid>/fd: uAPI v1 (libgpiod 1.x) or v2 (libgpiod 2.x). */
export const GPIO_HANDLE_FD = /^anon_inode:\[?gpio(handle|-line)\]?$/;

export interface GpiosetOptions {
  /** Default `gpioset`, looked up on `env.PATH`. */
  command?: string;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  logger?: Logger;
  /** Overrides GPIO_HANDLE_FD (tests, whose fake gpioset holds a plain file). */
  handleFd?: RegExp;
  /** How long gpioset may take to hold the line before the request fails (default 2000 ms). */
  readyTimeoutMs?: number;
  /** How long gpioset may take to exit after SIGTERM before SIGKILL (default 1000 ms). */
  stopTimeoutMs?: number;
}

/**
 * libgpiod 1.6's gpioset holding one line in `--mode=wait`: it sets the value and then waits on its stdin,
 * a pipe from this process. If the agent dies, even by SIGKILL, the pipe closes, gpioset exits and the line
 * is released (`--mode=signal` would keep a motor on after the agent died).
 */
export function gpiosetArgs(line: GpioLine, value: LineValue): string[] {
  return [
    '--mode=wait',
    ...(line.active_low ? ['--active-low'] : []),
    line.chip,
    `${String(line.line)}=${String(value)}`,
  ];
}

/** Whether process `pid` holds a requested GPIO line (an fd linking to `pattern`). */
export async function holdsLineHandle(pid: number, pattern: RegExp = GPIO_HANDLE_FD): Promise<boolean> {
  let fds: string[];
  try {
    fds = await readdir(`/proc/${String(pid)}/fd`);
  } catch {
    return false;
  }
  const links = await Promise.all(fds.map((fd) => readlink(`/proc/${String(pid)}/fd/${fd}`).catch(() => '')));
  return links.some((link) => pattern.test(link));
}

interface Held {
  child: ChildProcess;
  exited: Promise<void>;
  /** Set once the process has ended. */
  end?: string;
  stopping: boolean;
}

/**
 * Lines through gpioset processes, one per held line. A request resolves once the process holds the line
 * (its line handle shows in /proc/<pid>/fd: the kernel sets the value as it hands out the handle); `set` to
 * another value restarts gpioset (the line is released for that moment, at its pull); `release` ends it.
 */
export class GpiosetLineDriver implements LineDriver {
  readonly #command: string;
  readonly #env: NodeJS.ProcessEnv | undefined;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #handleFd: RegExp;
  readonly #readyTimeoutMs: number;
  readonly #stopTimeoutMs: number;

  constructor(options: GpiosetOptions = {}) {
    this.#command = options.command ?? 'gpioset';
    this.#env = options.env;
    this.#clock = options.clock ?? systemClock;
    this.#logger = options.logger ?? silentLogger;
    this.#handleFd = options.handleFd ?? GPIO_HANDLE_FD;
    this.#readyTimeoutMs = options.readyTimeoutMs ?? 2000;
    this.#stopTimeoutMs = options.stopTimeoutMs ?? 1000;
  }

  async request(line: GpioLine, value: LineValue): Promise<OutputLine> {
    let held: Held | undefined = await this.#hold(line, value);
    let current = value;
    let queue: Promise<unknown> = Promise.resolve();
    // One operation at a time on a line: a set racing a release must not leave a process behind.
    const serial = (op: () => Promise<void>): Promise<void> => {
      const next = queue.then(op);
      queue = next.catch(() => undefined);
      return next;
    };
    return {
      set: (next) =>
        serial(async () => {
          if (!held) throw new Error(`${lineName(line)} was released`);
          if (next === current && !held.end) return;
          await this.#stop(held);
          held = undefined;
          held = await this.#hold(line, next);
          current = next;
        }),
      release: () =>
        serial(async () => {
          if (held) await this.#stop(held);
          held = undefined;
        }),
    };
  }

  async #hold(line: GpioLine, value: LineValue): Promise<Held> {
    const args = gpiosetArgs(line, value);
    const child = spawn(this.#command, args, { env: this.#env, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    let ready = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-400);
    });
    const held: Held = {
      child,
      stopping: false,
      exited: new Promise((resolve) => {
        const ended = (how: string) => {
          if (held.end !== undefined) return;
          held.end = `${how}${stderr.trim() ? `: ${stderr.trim()}` : ''}`;
          if (!held.stopping && ready) this.#logger.warn('gpioset ended by itself', { line: lineName(line), how });
          resolve();
        };
        child.once('error', (error) => {
          ended(error.message);
        });
        // 'close', not 'exit': stderr is complete by then.
        child.once('close', (code, signal) => {
          ended(signal ? `killed by ${signal}` : `exit ${String(code)}`);
        });
      }),
    };
    const deadline = this.#clock.now() + this.#readyTimeoutMs;
    for (;;) {
      if (held.end !== undefined) {
        await held.exited;
        throw new Error(`${this.#command} ${args.join(' ')}: ${held.end}`);
      }
      if (child.pid !== undefined && (await holdsLineHandle(child.pid, this.#handleFd))) break;
      if (this.#clock.now() >= deadline) {
        await this.#stop(held);
        throw new Error(`${this.#command} ${args.join(' ')}: no line handle after ${String(this.#readyTimeoutMs)} ms`);
      }
      await sleep(this.#clock, 2);
    }
    ready = true;
    return held;
  }

  async #stop(held: Held): Promise<void> {
    held.stopping = true;
    if (held.end !== undefined) return;
    held.child.kill('SIGTERM');
    const kill = this.#clock.setTimeout(() => held.child.kill('SIGKILL'), this.#stopTimeoutMs);
    await held.exited;
    this.#clock.clearTimeout(kill);
  }
}
