import { keptKey } from '../../lib/key-file';

/**
 * The playback signing key: MEDIA_SIGNING_KEY when configured, else a random key kept in `dir` (so
 * addresses survive a restart, and processes sharing the data folder agree on it).
 */
export async function playbackSigningKey(configured: string | undefined, dir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  return keptKey(dir, 'playback-signing-key', 'playback signing key');
}
