import { createHmac } from 'node:crypto';
import { keptKey } from '../../lib/key-file';

/**
 * The key of statements' pseudonyms: STATEMENT_PSEUDONYM_KEY (64 hex) when configured, else a random key
 * generated once and kept in `dir` (mode 0600), like the card and signing keys. It must never change: a
 * donor finds their lines in every month by the same pseudonym.
 */
export async function pseudonymKey(configured: string | undefined, dir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'hex');
  return keptKey(dir, 'pseudonym-key', 'statement pseudonym key');
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
