/** Test support: a temporary folder shaped like /sys/bus/iio/devices, and a clock that says when it is used. */
import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Clock } from '../../clock';
import type { ReadText } from './iio';

/** A read that fails the way the hx711 driver does when the chip is not ready. */
export interface FailedRead {
  fail: string;
}
export type QueuedReading = number | FailedRead;

export class FakeIioTree {
  readonly root: string;
  readonly #queues = new Map<string, QueuedReading[]>();
  readonly #reads = new Map<string, number>();

  private constructor(root: string) {
    this.root = root;
  }

  static async create(): Promise<FakeIioTree> {
    return new FakeIioTree(await mkdtemp(path.join(tmpdir(), 'iio-')));
  }

  /** A device folder (`iio:deviceN`) with its `name`, optional `label`, and channels with a first raw value. */
  async addDevice(folder: string, name: string, channels: Record<string, number>, label?: string): Promise<void> {
    const dir = path.join(this.root, folder);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'name'), `${name}\n`);
    if (label !== undefined) await writeFile(path.join(dir, 'label'), `${label}\n`);
    for (const [channel, raw] of Object.entries(channels)) this.set(folder, channel, raw);
  }

  /** Sets what the channel reads from now on. */
  set(folder: string, channel: string, raw: number): void {
    writeFileSync(path.join(this.root, folder, channel), `${String(raw)}\n`);
  }

  /** Readings served one per read, before the file's own value comes back; each is written to the file first. */
  queue(folder: string, channel: string, ...readings: QueuedReading[]): void {
    const file = path.join(this.root, folder, channel);
    this.#queues.set(file, [...(this.#queues.get(file) ?? []), ...readings]);
  }

  /** Reads of the channel so far (failed ones included). */
  reads(folder: string, channel: string): number {
    return this.#reads.get(path.join(this.root, folder, channel)) ?? 0;
  }

  /** The reader to give the driver: reads the tree, serving the queued readings. */
  readonly readText: ReadText = async (file) => {
    if (file.endsWith('_raw')) this.#reads.set(file, (this.#reads.get(file) ?? 0) + 1);
    const next = this.#queues.get(file)?.shift();
    if (typeof next === 'object') {
      throw Object.assign(new Error(`${next.fail}: fake read error, read '${file}'`), { code: next.fail });
    }
    if (next !== undefined) writeFileSync(file, `${String(next)}\n`);
    return readFile(file, 'utf8');
  };

  async remove(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}

/** Wraps a clock (vitest fakes the system one) and lets a test wait until a timer is set. */
export class ObservedClock implements Clock {
  readonly delays: number[] = [];
  readonly #inner: Clock;
  #waiters: ((ms: number) => void)[] = [];

  constructor(inner: Clock) {
    this.#inner = inner;
  }

  now(): number {
    return this.#inner.now();
  }

  setTimeout(fn: () => void, ms: number): ReturnType<typeof setTimeout> {
    const handle = this.#inner.setTimeout(fn, ms);
    this.delays.push(ms);
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve(ms);
    return handle;
  }

  clearTimeout(handle: ReturnType<typeof setTimeout>): void {
    this.#inner.clearTimeout(handle);
  }

  /** Resolves with the delay of the next timer set. */
  nextTimer(): Promise<number> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
}
