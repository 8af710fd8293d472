import type { Clip } from '@petheart/contracts';
import { seconds } from '../../lib/time';
import type { ClipWithAuthor } from './repository';

/** A clip as clients see it; the file's address is absolute when an asset host is configured. */
export function toClip(c: ClipWithAuthor, assetHost: string): Clip {
  return {
    id: c.id,
    device_id: c.deviceId,
    user_id: c.userId,
    nickname: c.nickname,
    url: `${assetHost}/uploads/${c.path}`,
    duration_ms: c.durationMs,
    published: c.published,
    created_at: seconds(c.createdAt),
  };
}
