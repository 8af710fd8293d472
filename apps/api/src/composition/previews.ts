import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { BaseRepository } from '../modules/base/repository';
import { BaseSharePreview } from '../modules/base/share-preview';
import { PostRepository } from '../modules/post/repository';
import { PostSharePreview } from '../modules/post/share-preview';
import { SupportEventRepository } from '../modules/support/event-repository';
import { EventSharePreview } from '../modules/support/share-preview';

/** Link previews of shared base pages, public accounts, posts and support events (the live room's and the proof's are wired with them). */
export function wirePreviews({ config, database }: { config: AppConfig; database: DatabaseHandle }) {
  const origin = { publicUrl: config.publicUrl, assetHost: config.assetHost };
  return {
    basePreview: new BaseSharePreview({ bases: new BaseRepository(database.db), ...origin }),
    postPreview: new PostSharePreview({ posts: new PostRepository(database.db), ...origin }),
    eventPreview: new EventSharePreview({ events: new SupportEventRepository(database.db), ...origin }),
  };
}
