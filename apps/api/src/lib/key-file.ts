import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

async function read(file: string): Promise<Buffer | undefined> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A 32-byte key generated once and kept as hex in `dir/name` (mode 0600): processes sharing the data folder agree on
 * it, and it survives restarts. Two processes starting at once keep the first key written. `what` names it in the
 * error when it can be neither read nor created.
 */
export async function keptKey(dir: string, name: string, what: string): Promise<Buffer> {
  const file = path.join(dir, name);
  const existing = await read(file);
  if (existing) return existing;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  try {
    await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    const written = await read(file);
    if (!written) throw new Error(`cannot read or create the ${what} in ${dir}`);
    return written;
  }
}
