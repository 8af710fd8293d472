import { createHash } from 'node:crypto';
import type { PlaybackGrant } from '../signer';

const VIEWER = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A viewer's playback query for the nginx edge (deploy/nginx/edge.conf.template): `e` (expiry, unix s), `v`
 * (viewer) and `s`, nginx secure_link's MD5 of "{e} {device} {v} {key}" in base64url without padding, which
 * the edge recomputes with the same key for the playlist and every segment it names.
 */
export function secureLinkQuery(grant: PlaybackGrant, key: string): string {
  if (!VIEWER.test(grant.viewer)) throw new Error(`bad viewer id ${grant.viewer}`);
  const e = String(grant.expires);
  const s = createHash('md5').update(`${e} ${grant.deviceId} ${grant.viewer} ${key}`).digest('base64url');
  return new URLSearchParams({ e, v: grant.viewer, s }).toString();
}
