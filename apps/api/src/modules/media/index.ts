import { routes, type ApiModule } from '../../api-module';
import type { MediaEngine } from './engine';
import type { NginxMedia } from './nginx/nginx-media';
import { mediaRoutes } from './routes';
import type { LiveMediaService } from './service';
import type { Thumbnailer } from './thumbnails';

/**
 * Live video and clips (decision 008): playback addresses, clips, the nginx origin's callbacks when scaled out;
 * the media engine runs while the app does.
 */
export function mediaModule(s: {
  liveMedia: LiveMediaService;
  media: MediaEngine;
  nginx: NginxMedia | undefined;
  thumbnails: Thumbnailer;
}): ApiModule {
  return {
    name: 'media',
    routes: [routes(mediaRoutes, { live: s.liveMedia, nginx: s.nginx })],
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
      // The live rooms' stills, taken while cameras stream: they stop before the media server does.
      { name: 'live stills', stop: () => s.thumbnails.stop() },
    ],
  };
}
