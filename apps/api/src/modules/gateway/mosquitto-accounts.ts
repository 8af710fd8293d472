import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { BrokerAccounts } from '../device/ports';

const DISABLED_PREFIX = '#disabled ';

/**
 * Mosquitto's `$7$` password hash (PBKDF2-SHA512, what `mosquitto_passwd` writes since 2.0). Device secrets
 * are 256 random bits, so the iteration count does not guard them: the format is only what Mosquitto reads.
 */
export function mosquittoHash(secret: string, salt = randomBytes(12), iterations = 101): string {
  const hash = pbkdf2Sync(secret, salt, iterations, 64, 'sha512');
  return `$7$${String(iterations)}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** The lines of a password file with `deviceId`'s line replaced (or added, or removed with `line` null). */
export function replaceAccountLine(content: string, deviceId: string, line: string | null): string {
  const matches = (l: string) => l.startsWith(`${deviceId}:`) || l.startsWith(`${DISABLED_PREFIX}${deviceId}:`);
  const kept = content.split('\n').filter((l) => l !== '' && !matches(l));
  if (line !== null) kept.push(line);
  return kept.length ? `${kept.join('\n')}\n` : '';
}

/** Toggles `deviceId`'s line between active and commented out (Mosquitto skips lines that start with #). */
export function toggleAccountLine(content: string, deviceId: string, enabled: boolean): string {
  return content
    .split('\n')
    .map((l) => {
      if (enabled && l.startsWith(`${DISABLED_PREFIX}${deviceId}:`)) return l.slice(DISABLED_PREFIX.length);
      if (!enabled && l.startsWith(`${deviceId}:`)) return `${DISABLED_PREFIX}${l}`;
      return l;
    })
    .join('\n');
}

export interface MosquittoPasswordFileOptions {
  /** The `password_file` Mosquitto reads. */
  file: string;
  /** Mosquitto's `pid_file`: the broker gets SIGHUP (reload; sessions with dead credentials are closed). */
  pidFile: string | undefined;
  onError?: (error: unknown) => void;
}

/**
 * Keeps device accounts in a Mosquitto password file (MQTT_PASSWORD_FILE) and makes the broker reload it.
 * Writes are serialised and atomic (temporary file, then rename), so Mosquitto never reads half a file.
 */
export class MosquittoPasswordFile implements BrokerAccounts {
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly options: MosquittoPasswordFileOptions) {}

  set(deviceId: string, secret: string): Promise<void> {
    return this.edit((content) => replaceAccountLine(content, deviceId, `${deviceId}:${mosquittoHash(secret)}`));
  }

  setEnabled(deviceId: string, enabled: boolean): Promise<void> {
    return this.edit((content) => toggleAccountLine(content, deviceId, enabled));
  }

  private edit(change: (content: string) => string): Promise<void> {
    const run = this.chain.then(async () => {
      const { file } = this.options;
      const before = await readFile(file, 'utf8').catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
        throw error;
      });
      const after = change(before);
      if (after === before) return;
      const temporary = `${file}.${process.pid.toString()}.tmp`;
      await writeFile(temporary, after, { mode: 0o600 });
      await rename(temporary, file);
      await this.reload();
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async reload(): Promise<void> {
    if (!this.options.pidFile) return;
    const pid = Number((await readFile(this.options.pidFile, 'utf8')).trim());
    if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no pid in ${this.options.pidFile}`);
    process.kill(pid, 'SIGHUP');
  }
}
