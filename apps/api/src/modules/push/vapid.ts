import { createECDH } from 'node:crypto';
import { keptKey } from '../../lib/key-file';

/** The application server's VAPID identity (RFC 8292): a P-256 key pair (base64url) and a contact. */
export interface VapidKeys {
  /** The uncompressed public point, 65 bytes: the browser's applicationServerKey. */
  publicKey: string;
  /** The private scalar, 32 bytes. */
  privateKey: string;
  /** mailto: or https: the push services may write to. */
  subject: string;
}

/** The public key (base64url, uncompressed point) of a P-256 private key (base64url); throws when it is not one. */
export function vapidPublicKeyOf(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
}

/**
 * The VAPID keys: VAPID_PRIVATE_KEY (with VAPID_PUBLIC_KEY) when configured, else a private key generated once
 * and kept in `dir` (mode 0600; every API process sharing the data folder signs with it, and browsers'
 * subscriptions, made for its public key, survive restarts). A random 32-byte value is a valid P-256 scalar but
 * with a chance of about 2^-32; the key file keeps the first one written.
 */
export async function vapidKeys(
  configured: { publicKey: string | undefined; privateKey: string | undefined; subject: string },
  dir: string,
): Promise<VapidKeys> {
  const privateKey =
    configured.privateKey ?? (await keptKey(dir, 'vapid-private-key', 'VAPID key')).toString('base64url');
  return { privateKey, publicKey: configured.publicKey ?? vapidPublicKeyOf(privateKey), subject: configured.subject };
}
