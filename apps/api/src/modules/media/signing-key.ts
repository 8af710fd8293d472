import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const FILE = 'playback-signing-key';

async function read(file: string): Promise<Buffer | undefined> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, 'hex') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The playback signing key: MEDIA_SIGNING_KEY when configured, else a random key kept in `dir` (so
 * addresses survive a restart, and processes sharing the data folder agree on it).
 */
export async function playbackSigningKey(configured: string | undefined, dir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dir, FILE);
  const existing = await read(file);
  if (existing) return existing;
  await mkdir(dir, { recursive: true });
  const key = randomBytes(32);
  try {
    // 'wx': two processes starting at once keep the first key written.
    await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    const written = await read(file);
    if (!written) throw new Error(`cannot read or create the playback signing key in ${dir}`);
    return written;
  }
}
