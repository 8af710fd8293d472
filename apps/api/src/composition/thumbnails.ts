import type { Clock } from '../lib/clock';
import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { BaseRepository } from '../modules/base/repository';
import { DeviceRepository } from '../modules/device/repository';
import { LiveSharePreview } from '../modules/live/share-preview';
import { resolveFfmpeg } from '../modules/media/ffmpeg';
import type { MediaEngine } from '../modules/media/engine';
import { ThumbnailRepository } from '../modules/media/thumbnail-repository';
import { Thumbnailer, type CameraChange } from '../modules/media/thumbnails';

/**
 * The live rooms' stills (issue 26 §2): a thumbnailer following the media engine's camera changes, taking each
 * still from the engine's newest HLS segment (a file embedded, the origin's address scaled out), and the
 * shared rooms' link previews that show them.
 */
export function wireThumbnails({
  config,
  database,
  clock,
  media,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  media: Pick<MediaEngine, 'newestSegment'> & {
    onCameraChange(listener: (event: CameraChange) => void): () => void;
  };
}) {
  const thumbnails = new Thumbnailer({
    ffmpeg: config.media.enabled ? resolveFfmpeg(config.media.ffmpegPath) : undefined,
    newestSegment: (deviceId) => media.newestSegment(deviceId),
    store: new ThumbnailRepository(database.db),
    uploadDir: config.uploadDir,
    clock,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[live stills]', error);
    },
  });
  media.onCameraChange((event) => {
    thumbnails.cameraChanged(event);
  });
  const sharePreview = new LiveSharePreview({
    devices: new DeviceRepository(database.db),
    bases: new BaseRepository(database.db),
    publicUrl: config.publicUrl,
    assetHost: config.assetHost,
  });
  return { thumbnails, sharePreview };
}
