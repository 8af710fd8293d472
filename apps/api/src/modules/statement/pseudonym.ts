import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const FILE = 'pseudonym-key';

async function read(file: string): Promise<Buffer | undefined> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The key of statements' pseudonyms: STATEMENT_PSEUDONYM_KEY (64 hex) when configured, else a random key
 * generated once and kept in `dir` (mode 0600), like the card and signing keys. It must never change: a
 * donor finds their lines in every month by the same pseudonym.
 */
export async function pseudonymKey(configured: string | undefined, dir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'hex');
  const file = path.join(dir, FILE);
  const existing = await read(file);
  if (existing) return existing;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  try {
    // 'wx': two processes starting at once keep the first key written.
    await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    const written = await read(file);
    if (!written) throw new Error(`cannot read or create the statement pseudonym key in ${dir}`);
    return written;
  }
}

/** How statements name a user: 'u_' + the first 16 hex of HMAC-SHA256(key, the user id in decimal). */
export class Pseudonyms {
  private readonly known = new Map<number, string>();

  constructor(private readonly key: Buffer) {}

  of(userId: number): string {
    let name = this.known.get(userId);
    if (name === undefined) {
      name = `u_${createHmac('sha256', this.key).update(String(userId)).digest('hex').slice(0, 16)}`;
      if (this.known.size < 100_000) this.known.set(userId, name);
    }
    return name;
  }
}
