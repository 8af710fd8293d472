import path from 'node:path';
import type { Clock } from '../lib/clock';
import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import type { RateLimits } from '../lib/rate-limit/rate-limits';
import { BaseRepository } from '../modules/base/repository';
import { BaseService } from '../modules/base/service';
import type { ConfigurationService } from '../modules/configuration/service';
import { DeviceCareService } from '../modules/device/care';
import { CareRepository } from '../modules/device/care-repository';
import { DeviceCatalogService } from '../modules/device/catalog';
import type { DeviceRepository } from '../modules/device/repository';
import { DeviceAdminService } from '../modules/device/service';
import { DeviceGateway } from '../modules/gateway/gateway';
import { MosquittoPasswordFile } from '../modules/gateway/mosquitto-accounts';
import { CommandRepository } from '../modules/gateway/repository';
import { resolveFfmpeg } from '../modules/media/ffmpeg';
import type { MediaEngine } from '../modules/media/engine';
import { MediaServer } from '../modules/media/media-server';
import { NginxMedia } from '../modules/media/nginx/nginx-media';
import { ClipRepository } from '../modules/media/repository';
import { LiveMediaService } from '../modules/media/service';
import { PlaybackSigner, type PlaybackGrant } from '../modules/media/signer';
import { StationDownloads } from '../modules/station/downloads';
import { playbackSigningKey } from '../modules/media/signing-key';

/** State reports on PGlite are written in batches at least this far apart (decision 018). */
const STATE_SPACING_MS = 250;

/** Bases and devices, the device gateway (MQTT) and the media server (live video and clips). */
export async function wireDevices({
  config,
  database,
  clock,
  rateLimits,
  deviceRepository,
  configuration,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  rateLimits: RateLimits;
  deviceRepository: DeviceRepository;
  configuration: ConfigurationService;
}) {
  const { db } = database;
  // Bases and devices; the gateway embeds the MQTT broker (or connects to MQTT_URL) when the app starts.
  const baseRepository = new BaseRepository(db);
  const commandRepository = new CommandRepository(db);
  const gateway = new DeviceGateway({
    mqtt: config.mqtt,
    devices: deviceRepository,
    commands: commandRepository,
    // With the media server running, camera_online is what it sees published, not what the device claims.
    cameraFromState: !config.media.enabled,
    // PGlite writes state reports on the thread that takes the taps: a device's reports within 250 ms are
    // one write (decision 018). PostgreSQL writes them on connections of their own.
    stateSpacingMs: database.kind === 'postgres' ? 0 : STATE_SPACING_MS,
    // What each station enforces: its portions (or the defaults) and its daily cap (issue 27 §3).
    configOf: async (deviceId) => {
      const row = await deviceRepository.byId(deviceId);
      if (!row) return null;
      const portions = row.portions ?? (await configuration.settings()).feeding_portions;
      return { version: row.configVersion, portions, daily_gram_cap: row.dailyGramCap };
    },
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[device gateway]', error);
    },
  });
  // Live video: the embedded media server takes the cameras' RTMP (and owns camera_online); viewers
  // watch through signed HTTP-FLV addresses; clips are cut from its rolling recordings. Scaled out, an
  // nginx-rtmp origin takes the cameras and edges serve the viewers (issue 26 §5): the API carries no video.
  const ffmpeg = resolveFfmpeg(config.media.ffmpegPath);
  const mediaError = (error: unknown) => {
    if (config.logLevel !== 'silent') console.warn('[media]', error);
  };
  const signingKey = await playbackSigningKey(config.media.signingKey, config.media.dir);
  const nginx = config.media.nginx
    ? new NginxMedia({
        config: config.media.nginx,
        devices: deviceRepository,
        clock,
        onError: mediaError,
      })
    : undefined;
  const media: MediaEngine =
    nginx ??
    new MediaServer({
      config: config.media,
      devices: deviceRepository,
      clock,
      ffmpeg,
      logLevel: config.logLevel,
      onError: mediaError,
    });
  const liveMedia = new LiveMediaService({
    media,
    ...(nginx ? { edge: { playbackUrl: (grant: PlaybackGrant) => nginx.playbackUrl(grant) } } : {}),
    devices: deviceRepository,
    clips: new ClipRepository(db),
    signer: new PlaybackSigner(signingKey),
    // 1 clip per 10 s per user.
    clipLimiter: rateLimits.limiter('clips', [{ limit: 1, ms: 10_000 }]),
    clock,
    playbackTtlMs: config.media.playbackTtlMs,
    ffmpeg,
    uploadDir: config.uploadDir,
    workDir: path.join(config.media.dir, 'tmp'),
    assetHost: config.assetHost,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[clips]', error);
    },
  });
  // New default portions: the stations that offer them run a new configuration.
  configuration.onPatched((patch) => {
    if (!patch.feeding_portions) return;
    deviceRepository
      .bumpConfigOfDefaultPortions()
      .then((ids) => Promise.all(ids.map((id) => gateway.publishConfig(id))))
      .catch((error: unknown) => {
        if (config.logLevel !== 'silent') console.warn('[device config]', error);
      });
  });
  const bases = new BaseService(baseRepository);
  const stationDownloads = new StationDownloads({ ...config.station, publicUrl: config.publicUrl });
  const devices = new DeviceAdminService({
    devices: deviceRepository,
    bases: baseRepository,
    // Rotating or disabling a device ends its MQTT session and its live publish.
    sessions: {
      revoke: (deviceId) => {
        gateway.revoke(deviceId);
        media.revoke(deviceId);
      },
    },
    endpoints: (deviceId, secret) => {
      const rtmpUrl = media.publishUrl(deviceId, secret) ?? null;
      return {
        broker_url: config.mqtt.url ?? gateway.brokerUrl ?? `mqtt://${config.mqtt.host}:${String(config.mqtt.port)}`,
        rtmp_url: rtmpUrl,
        media_ingest: rtmpUrl?.slice(0, rtmpUrl.indexOf(`/${deviceId}?`)) ?? null,
        install_command: stationDownloads.installCommand(),
      };
    },
    configs: { publish: (deviceId) => gateway.publishConfig(deviceId) },
    brokerAccounts:
      config.mqtt.url && config.mqtt.passwordFile
        ? new MosquittoPasswordFile({ file: config.mqtt.passwordFile, pidFile: config.mqtt.pidFile })
        : undefined,
    clock,
  });
  const deviceCare = new DeviceCareService({
    care: new CareRepository(db),
    link: {
      issue: (deviceId, request, options) => gateway.issueCommand(deviceId, request, options),
    },
  });
  const deviceCatalog = new DeviceCatalogService({
    devices: deviceRepository,
    bases: baseRepository,
    defaultPortions: async () => (await configuration.settings()).feeding_portions,
    clock,
  });

  return {
    baseRepository,
    commandRepository,
    gateway,
    media,
    nginx,
    liveMedia,
    bases,
    devices,
    deviceCatalog,
    deviceCare,
    stationDownloads,
  };
}
