import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClipIdBodySchema,
  ClipListBodySchema,
  ClipListDataSchema,
  ClipSchema,
  DeviceIdSchema,
  LiveDeviceBodySchema,
  PlaybackSchema,
  envelope,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import type { LiveMediaService } from './service';

const tags = ['live'];

/** `{device id}.flv`, the file name of a playback address. */
const FLV_FILE = /^(.+)\.flv$/;

/**
 * The live room's video: POST /api/live/play (playback addresses), /api/live/clip/create|publish|list,
 * and GET /live/{device id}.flv?e=&v=&s= (the signed HTTP-FLV stream itself, same origin as the app).
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ live: LiveMediaService }> = async (app, { live }) => {
  app.post(
    '/api/live/play',
    {
      config: { auth: 'optional' },
      schema: { tags, body: LiveDeviceBodySchema, response: { 200: envelope(PlaybackSchema) } },
    },
    async (request) => ok(await live.play(request.body.device_id, request.user)),
  );
  app.post(
    '/api/live/clip/create',
    {
      config: { auth: 'user' },
      schema: { tags, body: LiveDeviceBodySchema, response: { 200: envelope(ClipSchema) } },
    },
    async (request) =>
      ok(await live.createClip(currentUser(request).id, request.body.device_id), request.t('ok.clipSaved')),
  );
  app.post(
    '/api/live/clip/publish',
    {
      config: { auth: 'user' },
      schema: { tags, body: ClipIdBodySchema, response: { 200: envelope(ClipSchema) } },
    },
    async (request) =>
      ok(await live.publishClip(currentUser(request).id, request.body.id), request.t('ok.clipPublished')),
  );
  app.post(
    '/api/live/clip/list',
    { schema: { tags, body: ClipListBodySchema, response: { 200: envelope(ClipListDataSchema) } } },
    async (request) => ok(await live.listClips(request.body)),
  );

  app.get(
    '/live/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string() }),
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      },
    },
    (request, reply) => {
      const deviceId = FLV_FILE.exec(request.params.file)?.[1];
      if (!deviceId || !DeviceIdSchema.safeParse(deviceId).success) throw new AppError('not_found');
      const stream = live.openStream(deviceId, request.query);
      return reply
        .header('content-type', 'video/x-flv')
        .header('cache-control', 'no-cache, no-store')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
};
