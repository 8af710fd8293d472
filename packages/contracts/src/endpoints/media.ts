import { z } from 'zod';
import { StringSchema } from '../fields';
import { post, raw } from '../endpoint';
import {
  ClipIdBodySchema,
  ClipListBodySchema,
  ClipListDataSchema,
  ClipSchema,
  LiveDeviceBodySchema,
  PlaybackSchema,
} from '../live';
import { MediaHookBodySchema, MediaHookQuerySchema } from '../media-hooks';

const tag = 'live';

/** The path parameter of the HTTP-FLV stream: `{device id}.flv`. */
const LiveStreamParamsSchema = z.object({ file: StringSchema });
/** The stream's signed query string (`e`, `v`, `s`), checked by the media service. */
const LiveStreamQuerySchema = z.record(StringSchema, z.union([StringSchema, z.array(StringSchema)]));

/** An HLS segment's address: the device, its recording (when it began, ms) and the segment, with its token. */
const HlsSegmentParamsSchema = z.object({ device_id: StringSchema, recording: StringSchema, segment: StringSchema });
const HlsSegmentQuerySchema = z.object({ t: StringSchema.optional() });

/**
 * The live room's video: /api/live/play (playback addresses), /api/live/clip/create|publish|list, and
 * GET /live/:file, the signed stream itself (`/live/{device id}.flv?e=&v=&s=` HTTP-FLV, or
 * `/live/{device id}.m3u8?e=&v=&s=` the HLS playlist), and GET /live/hls/... its HLS segments.
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
  /** GET /live/:file: the FLV stream (video/x-flv) or the HLS playlist, left out of the OpenAPI document. */
  stream: raw('GET', '/live/:file', {
    auth: 'none',
    tag,
    hide: true,
    params: LiveStreamParamsSchema,
    query: LiveStreamQuerySchema,
  }),
  /** An HLS segment (video/mp2t): an address that never changes (cached as immutable), with its token. */
  hlsSegment: raw('GET', '/live/hls/:device_id/:recording/:segment', {
    auth: 'none',
    tag,
    hide: true,
    params: HlsSegmentParamsSchema,
    query: HlsSegmentQuerySchema,
  }),
  /**
   * nginx-rtmp's callbacks in the scaled-out run (`on_publish`, `on_publish_done`): 2xx lets a camera publish
   * (its own secret on its own stream name), anything else refuses it; the end of a publish clears camera_online.
   */
  nginxPublish: raw('POST', '/api/media/nginx/publish', {
    auth: 'none',
    tag,
    hide: true,
    query: MediaHookQuerySchema,
    body: MediaHookBodySchema,
  }),
  nginxPublishDone: raw('POST', '/api/media/nginx/publish_done', {
    auth: 'none',
    tag,
    hide: true,
    query: MediaHookQuerySchema,
    body: MediaHookBodySchema,
  }),
};
