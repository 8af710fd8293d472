import { z } from 'zod';
import { post, raw } from '../endpoint';
import {
  ClipIdBodySchema,
  ClipListBodySchema,
  ClipListDataSchema,
  ClipSchema,
  LiveDeviceBodySchema,
  PlaybackSchema,
} from '../live';

const tag = 'live';

/** The path parameter of the HTTP-FLV stream: `{device id}.flv`. */
const LiveStreamParamsSchema = z.object({ file: z.string() });
/** The stream's signed query string (`e`, `v`, `s`), checked by the media service. */
const LiveStreamQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/**
 * The live room's video: /api/live/play (playback addresses), /api/live/clip/create|publish|list, and
 * GET /live/:file, the signed HTTP-FLV stream itself (`/live/{device id}.flv?e=&v=&s=`, same origin as the app).
 */
export const mediaEndpoints = {
  play: post('/api/live/play', { auth: 'optional', tag, input: LiveDeviceBodySchema, data: PlaybackSchema }),
  clipCreate: post('/api/live/clip/create', {
    auth: 'user',
    tag,
    input: LiveDeviceBodySchema,
    data: ClipSchema,
    message: 'ok.clipSaved',
  }),
  clipPublish: post('/api/live/clip/publish', {
    auth: 'user',
    tag,
    input: ClipIdBodySchema,
    data: ClipSchema,
    message: 'ok.clipPublished',
  }),
  clipList: post('/api/live/clip/list', { auth: 'none', tag, input: ClipListBodySchema, data: ClipListDataSchema }),
  /** GET /live/:file: the FLV stream (video/x-flv), left out of the OpenAPI document. */
  stream: raw('GET', '/live/:file', {
    auth: 'none',
    tag,
    hide: true,
    params: LiveStreamParamsSchema,
    query: LiveStreamQuerySchema,
  }),
};
