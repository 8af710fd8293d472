import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { keptKey } from '../../lib/key-file';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Card numbers at rest (decision 015): AES-256-GCM with a random 96-bit IV per value; the user's id is the
 * additional authenticated data, so a ciphertext copied to another user's row does not decrypt. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The plain number exists only in memory, for the request that
 * brings it and the console's processing view.
 */
export class CardCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the card key must be 32 bytes');
  }

  private static aad(userId: number): Buffer {
    return Buffer.from(`petheart-cashout-card:${String(userId)}`, 'utf8');
  }

  encrypt(cardNumber: string, userId: number): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(CardCipher.aad(userId));
    const sealed = Buffer.concat([cipher.update(cardNumber, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was not sealed with this key for this user (or was changed). */
  decrypt(stored: string, userId: number): string {
    const [version, iv, tag, sealed, ...rest] = stored.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || sealed === undefined || rest.length > 0)
      throw new Error('not a sealed card number');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(CardCipher.aad(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/**
 * The card key: CASHOUT_CARD_KEY (64 hex characters) when configured, else a random key generated once and
 * kept in `dir` (mode 0600), like the payment sandbox's and the media server's keys: processes sharing the
 * data folder agree on it, and it survives restarts (without it the stored numbers cannot be read).
 */
export async function cardKey(configured: string | undefined, dir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'hex');
  return keptKey(dir, 'card-key', 'cash-out card key');
}
