import { routes, type ApiModule } from '../../api-module';
import type { MediaServer } from './media-server';
import { mediaRoutes } from './routes';
import type { LiveMediaService } from './service';

/** Live video and clips (decision 008): playback addresses, clips; the media server runs while the app does. */
export function mediaModule(s: { liveMedia: LiveMediaService; media: MediaServer }): ApiModule {
  return {
    name: 'media',
    routes: [routes(mediaRoutes, { live: s.liveMedia })],
    lifecycle: [
      {
        name: 'media server',
        start: () => s.media.start(),
        // Viewers' streams end before the HTTP server waits for open requests.
        preClose: () => {
          s.media.endViewers();
        },
        stop: () => s.media.stop(),
      },
    ],
  };
}
