import { createReadStream } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { DeviceIdSchema, mediaEndpoints as e, type MediaHookBody } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { rawRoute, route } from '../../http/endpoint-route';
import { AppError } from '../../http/errors';
import type { NginxMedia } from './nginx/nginx-media';
import type { LiveMediaService } from './service';

/** `{device id}.flv` or `{device id}.m3u8`, the file name of a playback address. */
const STREAM_FILE = /^(.+)\.(flv|m3u8)$/;

/** The playlist changes every segment: a cache may keep it a second at most. */
const PLAYLIST_CACHE = 'public, max-age=1';
/** A segment's address never names other bytes (its recording is part of it). */
const SEGMENT_CACHE = 'public, max-age=31536000, immutable';

/**
 * The live room's video: POST /api/live/play (playback addresses), /api/live/clip/create|publish|list,
 * GET /live/{device id}.flv?e=&v=&s= (the signed HTTP-FLV stream itself, same origin as the app), and its live
 * HLS: the signed playlist /live/{device id}.m3u8?e=&v=&s= and the segments it names.
 */
export const mediaRoutes: FastifyPluginAsync<{
  live: LiveMediaService;
  nginx: Pick<NginxMedia, 'hook'> | undefined;
}> = async (app, { live, nginx }) => {
  route(app, e.play, (request) => live.play(request.body.device_id, request.user));
  route(app, e.clipCreate, (request) => live.createClip(currentUser(request).id, request.body.device_id));
  route(app, e.clipPublish, (request) => live.publishClip(currentUser(request).id, request.body.id));
  route(app, e.clipList, (request) => live.listClips(request.body));

  rawRoute(app, e.stream, async (request, reply) => {
    const { file } = request.params as { file: string };
    const [, deviceId, kind] = STREAM_FILE.exec(file) ?? [];
    if (!deviceId || !DeviceIdSchema.safeParse(deviceId).success) throw new AppError('not_found');
    if (kind === 'm3u8') {
      const playlist = await live.playlist(deviceId, request.query);
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', PLAYLIST_CACHE)
        .send(playlist);
    }
    const stream = live.openStream(deviceId, request.query);
    return reply
      .header('content-type', 'video/x-flv')
      .header('cache-control', 'no-cache, no-store')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });

  rawRoute(app, e.hlsSegment, (request, reply) => {
    const p = request.params as { device_id: string; recording: string; segment: string };
    const file = live.segmentFile(p.device_id, p.recording, p.segment, request.query.t);
    const stream = createReadStream(file);
    // Deleted between the check and the read (the playlist moved on): not found, like a segment never made.
    stream.once('error', () => undefined);
    return new Promise((resolve, reject) => {
      stream.once('open', () => {
        resolve(reply.header('content-type', 'video/mp2t').header('cache-control', SEGMENT_CACHE).send(stream));
      });
      stream.once('error', () => {
        reject(new AppError('not_found'));
      });
    });
  });

  // nginx-rtmp's callbacks (scaled out): 2xx allows a publish, 403 refuses it; not found in the embedded run.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  for (const endpoint of [e.nginxPublish, e.nginxPublishDone]) {
    rawRoute(app, endpoint, async (request, reply) => {
      if (!nginx) throw new AppError('not_found');
      const { token } = request.query as { token?: string };
      const answer = await nginx.hook(token, request.body as MediaHookBody);
      if (answer === 'forbidden') throw new AppError('forbidden');
      return reply.status(answer === 'allowed' ? 204 : 403).send();
    });
  }
};
