import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** What the start step remembers for the callback: the checks (state, nonce, PKCE verifier) and where to go back. */
export interface PendingLogin {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
  /** Milliseconds since the epoch after which the callback is refused. */
  expiresAt: number;
}

const PendingLoginSchema = z.object({
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  redirect: z.string(),
  expiresAt: z.number(),
});

/**
 * Seals a pending login into a cookie value with AES-256-GCM (secret and tamper-proof), with a key derived
 * from the provider's client secret: every API process behind a proxy derives the same key, no extra setting.
 */
export class StateSealer {
  private readonly key: Buffer;

  constructor(secret: string, label: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'petheart', `oauth-state:${label}`, 32));
  }

  seal(pending: PendingLogin): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The pending login, or null when the value was altered, sealed with another key, or expired at `now`. */
  unseal(value: string, now: Date): PendingLogin | null {
    try {
      const raw = Buffer.from(value, 'base64url');
      if (raw.length < 29) return null;
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      const parsed = PendingLoginSchema.safeParse(JSON.parse(text));
      if (!parsed.success || parsed.data.expiresAt <= now.getTime()) return null;
      return parsed.data;
    } catch {
      return null;
    }
  }
}

/** The value of one cookie in a Cookie header (no cookie plugin needed for one cookie). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
