import type { Clock } from '../lib/clock';
import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import type { Authenticator } from '../http/auth';
import type { RateLimits } from '../lib/rate-limit/rate-limits';
import { BaseStatsRepository } from '../modules/base/detail-repository';
import { BaseDetailService } from '../modules/base/detail-service';
import type { BaseRepository } from '../modules/base/repository';
import type { ConfigurationService } from '../modules/configuration/service';
import type { DeviceRepository } from '../modules/device/repository';
import type { DeviceGateway } from '../modules/gateway/gateway';
import { CommentFeedRepository } from '../modules/live/comment-feed-repository';
import { CommentRepository } from '../modules/live/comment-repository';
import { CommentService } from '../modules/live/comment-service';
import { FanRepository } from '../modules/live/fan-repository';
import { FanService } from '../modules/live/fan-service';
import { LiveListService } from '../modules/live/list-service';
import { COMMENT_WINDOWS } from '../modules/live/policy';
import { RoomRepository } from '../modules/live/room-repository';
import { LiveRoomService } from '../modules/live/room-service';
import type { MediaEngine } from '../modules/media/engine';
import { toNotification } from '../modules/notification/presenter';
import type { NotificationService } from '../modules/notification/service';
import type { LiveMediaService } from '../modules/media/service';
import { LiveRealtime } from '../modules/realtime/realtime';
import { ReportRepository } from '../modules/report/repository';
import { ReportService } from '../modules/report/service';
import { FedGramsRepository } from '../modules/transparency/fed-grams-repository';

/** The live room; registers the gateway's and the media server's listeners that push to its viewers. */
export function wireLive({
  config,
  database,
  clock,
  rateLimits,
  authenticator,
  deviceRepository,
  baseRepository,
  gateway,
  media,
  liveMedia,
  configuration,
  notifications,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  rateLimits: RateLimits;
  authenticator: Authenticator;
  deviceRepository: DeviceRepository;
  baseRepository: BaseRepository;
  gateway: DeviceGateway;
  media: MediaEngine;
  liveMedia: LiveMediaService;
  configuration: ConfigurationService;
  notifications: Pick<NotificationService, 'unreadCounts'>;
}) {
  const { db } = database;
  // The live room: socket.io rooms per device (attached to the HTTP server by the app), lists, detail,
  // follows, fan group, comments, problem reports, the base page.
  const roomRepository = new RoomRepository(db);
  const realtime = new LiveRealtime({
    authenticator,
    rooms: roomRepository,
    redisUrl: config.redisUrl,
    // A tourist is one viewer per client address: X-Forwarded-For's, as for HTTP, only behind a trusted proxy.
    trustProxy: config.trustProxy,
    // A signed-in user's sockets get their new notifications, in the socket's language (issue 29 §1).
    notices: { unread: (userIds) => notifications.unreadCounts(userIds), present: toNotification },
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[realtime]', error);
    },
  });
  gateway.onDeviceState((event) => {
    realtime.pushDeviceState(event);
  });
  media.onCameraChange((event) => {
    realtime.pushDeviceState(event);
  });
  liveMedia.onClipPublished((clip) => {
    realtime.broadcast(clip.device_id, 'clip', clip);
  });
  const fans = new FanService({ fans: new FanRepository(db), devices: deviceRepository, clock });
  const liveRooms = new LiveRoomService({
    rooms: roomRepository,
    devices: deviceRepository,
    bases: baseRepository,
    fans,
    viewers: realtime,
    defaultPortions: async () => (await configuration.settings()).feeding_portions,
    clock,
  });
  const liveLists = new LiveListService({ rooms: roomRepository, viewers: realtime });
  const comments = new CommentService({
    comments: new CommentRepository(db),
    feedLines: new CommentFeedRepository(db),
    rooms: roomRepository,
    devices: deviceRepository,
    fans,
    // 1 comment per 2 s and 20 a minute per user per room.
    limiter: rateLimits.limiter('live-comments', COMMENT_WINDOWS),
    broadcaster: realtime,
    clock,
  });
  const reports = new ReportService({
    reports: new ReportRepository(db),
    devices: deviceRepository,
    clock,
    publicBases: [config.assetHost, config.publicUrl],
  });
  // A base's grams fed: the one query every screen that shows them reads (issue 28 §3).
  const fedGrams = new FedGramsRepository(db);
  const baseDetail = new BaseDetailService({
    bases: baseRepository,
    stats: new BaseStatsRepository(db),
    fedGrams: (baseId) => fedGrams.total({ baseId }),
    rooms: liveLists,
    clock,
  });

  return { realtime, fans, liveRooms, liveLists, comments, reports, baseDetail };
}
