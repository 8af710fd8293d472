import type { Clock } from '../lib/clock';
import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import type { RateLimits } from '../lib/rate-limit/rate-limits';
import { SettingsRepository } from '../modules/configuration/repository';
import { ConfigurationService } from '../modules/configuration/service';
import { ContentAdminService } from '../modules/content/admin-service';
import { ContentRepository } from '../modules/content/repository';
import { ContentService } from '../modules/content/service';
import { UploadedImages } from '../modules/content/uploaded-images';
import { DeviceRepository } from '../modules/device/repository';
import { FeedStatsRepository } from '../modules/feed-stats/repository';
import { PetRepository } from '../modules/pet/repository';
import { PetService } from '../modules/pet/service';
import { StatisticsService } from '../modules/statistics/service';
import { FedGramsRepository } from '../modules/transparency/fed-grams-repository';
import { UploadRepository } from '../modules/upload/repository';
import { UploadService } from '../modules/upload/service';
import { LocalDiskStorage } from '../modules/upload/storage';

/** The site itself: the home page's figures, content, the settings (getConfiguration) and uploads. */
export function wireSite({
  config,
  database,
  clock,
  rateLimits,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  rateLimits: RateLimits;
}) {
  const { db } = database;
  const deviceRepository = new DeviceRepository(db);
  // The home page's figures: deployed devices, and what the acknowledged feeds add up to (decision 012).
  const feedStatsRepository = new FeedStatsRepository(db);
  // Its total food: the grams fed, by the one query every screen that shows them reads (issue 28 §3).
  const fedGrams = new FedGramsRepository(db);
  const statistics = new StatisticsService({
    devices: deviceRepository,
    feeds: feedStatsRepository,
    fedGrams: () => fedGrams.total(),
    clock,
    cacheMs: 10_000,
  });
  // Content (decision 013): Q&A, articles, pages, banners (also in getConfiguration), What's New, the pet
  // corner; their images must be uploads.
  const contentRepository = new ContentRepository(db);
  // Banners are kept in memory on the embedded database (one process: every edit passes here); for a second
  // on PostgreSQL, where another API process may have saved an edit.
  const content = new ContentService(contentRepository, { cacheMs: database.kind === 'pglite' ? Infinity : 1_000 });
  const uploadedImages = new UploadedImages({
    uploads: contentRepository,
    publicBases: [config.assetHost, config.publicUrl],
  });
  const contentAdmin = new ContentAdminService({
    content: contentRepository,
    images: uploadedImages,
    onChange: () => {
      content.changed();
    },
  });
  const pets = new PetService({ pets: new PetRepository(db), images: uploadedImages });
  const settingsRepository = new SettingsRepository(db);
  const configuration = new ConfigurationService({
    settings: settingsRepository,
    // Kept in memory on the embedded database (one process: every edit passes here); for a second on
    // PostgreSQL, where another API process may have saved an edit.
    cacheMs: database.kind === 'pglite' ? Infinity : 1_000,
    statistics,
    assetHost: config.assetHost,
    oauth: { google: Boolean(config.oauth.google), facebook: Boolean(config.oauth.facebook) },
    banners: (locale) => content.banners(locale),
  });

  const upload = new UploadService({
    storage: new LocalDiskStorage(config.uploadDir),
    uploads: new UploadRepository(db),
    // 60 uploads per user per hour.
    limiter: rateLimits.limiter('uploads', [{ limit: 60, ms: 3_600_000 }]),
    clock,
    publicBase: config.assetHost || config.publicUrl,
  });

  return {
    deviceRepository,
    feedStatsRepository,
    statistics,
    content,
    uploadedImages,
    contentAdmin,
    pets,
    settingsRepository,
    configuration,
    upload,
  };
}
