import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { LRUCache } from 'lru-cache';
import { lruCache } from '../../lib/lru';

/**
 * argon2id for device secrets. The secrets are 256 random bits (no dictionary to guess from), so the
 * cost only has to make a leaked table useless, not slow a guesser: OWASP's lightest argon2id setting
 * (7 MiB, 5 passes) keeps a fleet reconnecting after a broker restart cheap.
 */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 7_168,
  timeCost: 5,
  parallelism: 1,
} as const;

/** A new device secret: 32 random bytes, base64url (43 characters). */
export function generateDeviceSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashDeviceSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

export async function verifyDeviceSecret(stored: string, secret: string): Promise<boolean> {
  try {
    return await verify(stored, secret);
  } catch {
    return false;
  }
}

const digest = (secret: string | Buffer) => createHash('sha256').update(secret).digest();

/**
 * Secrets that passed argon2 recently, kept as SHA-256 digests next to the hash they matched. An entry
 * counts only while the stored hash is unchanged, so a rotated secret stops working at once (and
 * `forget` drops it explicitly). Bounded (lru-cache): the least recently used entry goes first.
 */
export class VerifiedSecretCache {
  private readonly entries: LRUCache<string, { storedHash: string; digest: Buffer }>;

  constructor(maxEntries = 10_000) {
    this.entries = lruCache({ max: maxEntries });
  }

  matches(deviceId: string, storedHash: string, secret: string | Buffer): boolean {
    const entry = this.entries.get(deviceId);
    if (!entry) return false;
    if (entry.storedHash !== storedHash) {
      this.entries.delete(deviceId);
      return false;
    }
    return timingSafeEqual(entry.digest, digest(secret));
  }

  remember(deviceId: string, storedHash: string, secret: string | Buffer): void {
    this.entries.set(deviceId, { storedHash, digest: digest(secret) });
  }

  forget(deviceId: string): void {
    this.entries.delete(deviceId);
  }

  get size(): number {
    return this.entries.size;
  }
}
