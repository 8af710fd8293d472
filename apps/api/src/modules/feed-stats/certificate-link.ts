import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';

const MAX_USER_ID = 2_147_483_647;
const TAG_BYTES = 12;

/**
 * A certificate's public link id (issue 29 §4): the user's id and a 96-bit HMAC of it, as one AES-256 block,
 * base64url (22 characters). Nothing is stored: the server reads the user back from the id and checks the tag,
 * so an id names nobody to anyone without the key, says nothing about the order users joined in, and cannot be
 * guessed (2^96 tags per user). The same user always gets the same id; changing the key ends every link.
 */
export class CertificateLinks {
  private readonly cipherKey: Buffer;
  private readonly tagKey: Buffer;

  constructor(key: Buffer) {
    // Two keys from one, for the two jobs.
    this.cipherKey = createHmac('sha256', key).update('certificate-link/cipher').digest();
    this.tagKey = createHmac('sha256', key).update('certificate-link/tag').digest();
  }

  private tag(userId: number): Buffer {
    return createHmac('sha256', this.tagKey)
      .update(`user:${String(userId)}`)
      .digest()
      .subarray(0, TAG_BYTES);
  }

  /** The id of `userId`'s link. */
  idOf(userId: number): string {
    if (!Number.isInteger(userId) || userId < 1 || userId > MAX_USER_ID) throw new RangeError('not a user id');
    const block = Buffer.alloc(16);
    block.writeUInt32BE(userId, 0);
    this.tag(userId).copy(block, 4);
    // One block of AES is a keyed permutation: ECB with no padding encrypts exactly that block.
    const cipher = createCipheriv('aes-256-ecb', this.cipherKey, null).setAutoPadding(false);
    return Buffer.concat([cipher.update(block), cipher.final()]).toString('base64url');
  }

  /** The user a link id names, or undefined for anything else. */
  userOf(id: string): number | undefined {
    if (!/^[A-Za-z0-9_-]{22}$/.test(id)) return undefined;
    const bytes = Buffer.from(id, 'base64url');
    if (bytes.length !== 16 || bytes.toString('base64url') !== id) return undefined;
    const decipher = createDecipheriv('aes-256-ecb', this.cipherKey, null).setAutoPadding(false);
    const block = Buffer.concat([decipher.update(bytes), decipher.final()]);
    const userId = block.readUInt32BE(0);
    if (userId < 1 || userId > MAX_USER_ID) return undefined;
    return timingSafeEqual(block.subarray(4), this.tag(userId)) ? userId : undefined;
  }
}
