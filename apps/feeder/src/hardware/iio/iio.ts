import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../clock';
import { sleep } from '../../clock';

export const DEFAULT_IIO_ROOT = '/sys/bus/iio/devices';

/** Reads a sysfs attribute as text (injectable so tests can serve a sequence of readings). */
export type ReadText = (file: string) => Promise<string>;

export const readTextFile: ReadText = (file) => readFile(file, 'utf8');

/** A source of raw ADC counts. */
export interface RawReader {
  read(): Promise<number>;
}

/**
 * Errors the hx711 driver returns when the chip was not ready in time (DOUT stayed high); a later read usually
 * works. EAGAIN/EBUSY come from other IIO drivers in the same situation.
 */
const TRANSIENT = new Set(['EIO', 'ETIMEDOUT', 'EAGAIN', 'EBUSY']);

const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

const IIO_FOLDER = /^iio:device\d+$/;

async function readAttribute(readText: ReadText, file: string): Promise<string | undefined> {
  try {
    return (await readText(file)).trim();
  } catch {
    return undefined;
  }
}

/**
 * The folder of an IIO device: `device` is a folder name (`iio:device0`), else a device `label` (set in the
 * device tree, stable across boots) or `name` (`hx711`) to look for. Throws when none or several match.
 */
export async function findIioDevice(root: string, device: string, readText: ReadText = readTextFile): Promise<string> {
  if (IIO_FOLDER.test(device)) return path.join(root, device);
  let folders: string[];
  try {
    folders = (await readdir(root)).filter((n) => IIO_FOLDER.test(n)).sort();
  } catch (error) {
    throw new Error(`no IIO devices at ${root} (${errorCode(error) ?? String(error)}): is the IIO driver loaded?`, {
      cause: error,
    });
  }
  const seen: string[] = [];
  const byLabel: string[] = [];
  const byName: string[] = [];
  for (const folder of folders) {
    const name = await readAttribute(readText, path.join(root, folder, 'name'));
    const label = await readAttribute(readText, path.join(root, folder, 'label'));
    seen.push(`${folder} "${name ?? '?'}"`);
    if (label === device) byLabel.push(folder);
    if (name === device) byName.push(folder);
  }
  const matches = byLabel.length > 0 ? byLabel : byName;
  const [only] = matches;
  if (only === undefined || matches.length > 1) {
    const problem =
      matches.length > 1
        ? `${String(matches.length)} IIO devices are named "${device}" (${matches.join(', ')}): give the folder name or a label`
        : `no IIO device named "${device}" under ${root}`;
    throw new Error(`${problem} (found: ${seen.length > 0 ? seen.join(', ') : 'none'})`);
  }
  return path.join(root, only);
}

export interface IioChannelOptions {
  device: string;
  /** The raw attribute, e.g. `in_voltage0_raw`. */
  channel: string;
  clock: Clock;
  /** Default /sys/bus/iio/devices. */
  root?: string;
  /** Reads before giving up on transient errors (default 5). */
  attempts?: number;
  /** Wait between attempts, ms (default 20; the driver itself already waits for the chip). */
  retryDelayMs?: number;
  readText?: ReadText;
}

/** One raw IIO channel read through sysfs, retrying the driver's transient errors. */
export class IioChannel implements RawReader {
  readonly #options: Required<IioChannelOptions>;
  #file: Promise<string> | undefined;

  constructor(options: IioChannelOptions) {
    this.#options = {
      device: options.device,
      channel: options.channel,
      clock: options.clock,
      root: options.root ?? DEFAULT_IIO_ROOT,
      attempts: Math.max(1, options.attempts ?? 5),
      retryDelayMs: options.retryDelayMs ?? 20,
      readText: options.readText ?? readTextFile,
    };
  }

  /** The attribute's path (the device is looked up once, and again after it disappeared). */
  file(): Promise<string> {
    const { root, device, channel, readText } = this.#options;
    this.#file ??= findIioDevice(root, device, readText).then((folder) => path.join(folder, channel));
    const file = this.#file;
    file.catch(() => {
      if (this.#file === file) this.#file = undefined;
    });
    return file;
  }

  async read(): Promise<number> {
    const file = await this.file();
    const { attempts, retryDelayMs, readText, clock } = this.#options;
    let lastCode = '';
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      let text: string;
      try {
        text = await readText(file);
      } catch (error) {
        const code = errorCode(error);
        if (code === undefined || !TRANSIENT.has(code)) {
          // A re-enumerated device gets another folder: look it up again on the next read.
          if (code === 'ENOENT') this.#file = undefined;
          throw new Error(`cannot read ${file}: ${code ?? String(error)}`, { cause: error });
        }
        lastCode = code;
        if (attempt < attempts) await sleep(clock, retryDelayMs);
        continue;
      }
      const trimmed = text.trim();
      if (!/^-?\d+$/.test(trimmed)) throw new Error(`unexpected reading "${trimmed.slice(0, 40)}" in ${file}`);
      return Number(trimmed);
    }
    throw new Error(
      `load cell not ready: ${String(attempts)} reads of ${file} failed (${lastCode}); check the HX711's wiring and power`,
    );
  }
}
