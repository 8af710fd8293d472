import type { FastifyPluginAsync } from 'fastify';
import { DeviceIdSchema, mediaEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { rawRoute, route } from '../../http/endpoint-route';
import { AppError } from '../../http/errors';
import type { LiveMediaService } from './service';

/** `{device id}.flv`, the file name of a playback address. */
const FLV_FILE = /^(.+)\.flv$/;

/**
 * The live room's video: POST /api/live/play (playback addresses), /api/live/clip/create|publish|list,
 * and GET /live/{device id}.flv?e=&v=&s= (the signed HTTP-FLV stream itself, same origin as the app).
 */
export const mediaRoutes: FastifyPluginAsync<{ live: LiveMediaService }> = async (app, { live }) => {
  route(app, e.play, (request) => live.play(request.body.device_id, request.user));
  route(app, e.clipCreate, (request) => live.createClip(currentUser(request).id, request.body.device_id));
  route(app, e.clipPublish, (request) => live.publishClip(currentUser(request).id, request.body.id));
  route(app, e.clipList, (request) => live.listClips(request.body));

  rawRoute(app, e.stream, (request, reply) => {
    const { file } = request.params as { file: string };
    const deviceId = FLV_FILE.exec(file)?.[1];
    if (!deviceId || !DeviceIdSchema.safeParse(deviceId).success) throw new AppError('not_found');
    const stream = live.openStream(deviceId, request.query);
    return reply
      .header('content-type', 'video/x-flv')
      .header('cache-control', 'no-cache, no-store')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
};
