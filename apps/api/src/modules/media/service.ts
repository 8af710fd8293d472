import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { CLIP_SECONDS, type Clip, type ClipListData, type Playback } from '@petheart/contracts';
import { tellListeners } from '../../lib/listeners';
import type { Clock } from '../../lib/clock';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../http/errors';
import { retryAfterSeconds, type RateLimiter } from '../../lib/rate-limit/limiter';
import { seconds } from '../../lib/time';
import type { DeviceRepository } from '../device/repository';
import { writeClip } from './clip-file';
import { viewerPlaylist } from './hls';
import { HLS_PLAYLIST, HLS_SEGMENT } from './recorder';
import type { MediaEngine } from './engine';
import { toClip } from './presenter';
import type { ClipRepository } from './repository';
import type { PlaybackCheck, PlaybackGrant, PlaybackSigner } from './signer';

export type ClipListener = (clip: Clip) => void;

export interface LiveMediaServiceDeps {
  media: Pick<MediaEngine, 'enabled' | 'cameraOnline' | 'recent' | 'watch' | 'hls'>;
  /** Scaled out: viewers play HLS from the edge at this signed address (no FLV, nothing through the API). */
  edge?: { playbackUrl: (grant: PlaybackGrant) => string };
  devices: Pick<DeviceRepository, 'byId'>;
  clips: ClipRepository;
  signer: PlaybackSigner;
  /** Clips a user may cut (1 per 10 s). */
  clipLimiter: RateLimiter;
  clock: Clock;
  playbackTtlMs: number;
  ffmpeg: string | undefined;
  /** Clips are written to uploadDir/clips/ (served at /uploads/clips/) through temporary files in workDir. */
  uploadDir: string;
  workDir: string;
  assetHost: string;
  onError?: (error: unknown) => void;
}

/** A clip shorter than this is not worth a file (the stream has only just started). */
const MIN_CLIP_MS = 1_000;
/** Clips cut at the same time in this process (ffmpeg stream copies, short but not free). */
const MAX_CONCURRENT_CUTS = 2;
/** Streams one playback address may have open at once (a leaked address cannot feed a crowd). */
const MAX_STREAMS_PER_ADDRESS = 3;
/** A viewer this far behind (a stalled connection) is dropped rather than buffered. */
const MAX_VIEWER_BACKLOG_BYTES = 4 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The live room's video: signed playback addresses, and clips of the last seconds of a stream. */
export class LiveMediaService {
  private readonly clipListeners = new Set<ClipListener>();
  private cutting = 0;
  private readonly openStreams = new Map<string, number>();
  /** Each live device's newest HLS playlist as ffmpeg wrote it, and as viewers get it (one entry per device). */
  private readonly playlists = new Map<string, { recording: string; text: string; playlist: string }>();

  constructor(private readonly deps: LiveMediaServiceDeps) {}

  /** A viewer's playback addresses for an enabled device (they work until `expires_at`). */
  async play(deviceId: string, user: AuthUser | null): Promise<Playback> {
    const device = await this.enabledDevice(deviceId);
    const nowSeconds = seconds(this.deps.clock.now());
    const expires = nowSeconds + Math.floor(this.deps.playbackTtlMs / 1000);
    const viewer = user ? `u${String(user.id)}` : `a${randomBytes(9).toString('base64url')}`;
    const grant = { deviceId: device.id, viewer, expires };
    const camera_online = this.deps.media.cameraOnline(device);
    const { edge } = this.deps;
    if (edge)
      return { flv_url: null, ws_url: null, hls_url: edge.playbackUrl(grant), expires_at: expires, camera_online };
    const query = this.deps.signer.query(grant);
    const hls = this.deps.media.enabled ? this.deps.media.hls(device.id) : undefined;
    return {
      flv_url: `/live/${device.id}.flv?${query}`,
      ws_url: null,
      hls_url: hls ? `/live/${device.id}.m3u8?${query}` : null,
      expires_at: expires,
      camera_online,
    };
  }

  /** Whether a playback address's query is valid for the device, now. */
  checkPlayback(deviceId: string, query: Record<string, unknown>): PlaybackCheck {
    return this.deps.signer.check(deviceId, query, seconds(this.deps.clock.now()));
  }

  /**
   * The live FLV stream behind a playback address: forbidden unless signed for this device and not expired,
   * not_found when the device is not publishing. It ends when the publisher goes; destroy it to stop.
   */
  openStream(deviceId: string, query: Record<string, unknown>): Readable {
    if (this.checkPlayback(deviceId, query) !== 'ok') throw new AppError('forbidden');
    const address = `${deviceId}/${String(query.v)}`;
    const open = this.openStreams.get(address) ?? 0;
    if (open >= MAX_STREAMS_PER_ADDRESS) throw new AppError('rate_limited', {}, 5);
    const stream = new PassThrough();
    const stop = this.deps.media.watch(deviceId, {
      write: (chunk) => {
        if (stream.writableLength > MAX_VIEWER_BACKLOG_BYTES) stream.destroy();
        else stream.write(chunk);
      },
      end: () => stream.end(),
    });
    if (!stop) throw new AppError('not_found');
    this.openStreams.set(address, open + 1);
    stream.once('close', () => {
      stop();
      const left = (this.openStreams.get(address) ?? 1) - 1;
      if (left > 0) this.openStreams.set(address, left);
      else this.openStreams.delete(address);
    });
    return stream;
  }

  /**
   * The live HLS playlist behind a playback address (forbidden unless signed for this device and not expired;
   * not_found while the device is not publishing or its first segment is not written yet): ffmpeg's playlist
   * with each segment at its own address, `/live/hls/{device}/{recording}/{n}.ts?t={token}`.
   */
  async playlist(deviceId: string, query: Record<string, unknown>): Promise<string> {
    if (this.checkPlayback(deviceId, query) !== 'ok') throw new AppError('forbidden');
    const live = this.deps.media.hls(deviceId);
    if (!live) throw new AppError('not_found');
    const recording = String(live.startedAtMs);
    const text = await readFile(path.join(live.dir, HLS_PLAYLIST), 'utf8').catch(() => '');
    // The segments' addresses are the same for every viewer: rewritten once per new playlist (a second), not
    // 64 HMACs per viewer per second.
    const kept = this.playlists.get(deviceId);
    if (kept?.recording === recording && kept.text === text) return kept.playlist;
    const playlist = viewerPlaylist(text, (segment) => {
      const token = this.deps.signer.segmentToken(deviceId, recording, segment);
      return `/live/hls/${deviceId}/${recording}/${segment}?t=${token}`;
    });
    if (playlist === undefined) throw new AppError('not_found');
    this.playlists.set(deviceId, { recording, text, playlist });
    return playlist;
  }

  /** The file of an HLS segment whose token is right, while its recording is live (else not_found). */
  segmentFile(deviceId: string, recording: string, segment: string, token: string | undefined): string {
    if (!HLS_SEGMENT.test(segment) || !token || !this.deps.signer.checkSegment(deviceId, recording, segment, token))
      throw new AppError('forbidden');
    const live = this.deps.media.hls(deviceId);
    if (String(live?.startedAtMs) !== recording || !live) throw new AppError('not_found');
    return path.join(live.dir, segment);
  }

  /** Cuts the last CLIP_SECONDS of the device's live stream into an MP4 for the user (unpublished). */
  async createClip(userId: number, deviceId: string): Promise<Clip> {
    const device = await this.enabledDevice(deviceId);
    if (!this.deps.media.cameraOnline(device)) throw new AppError('camera_offline');
    const decision = await this.deps.clipLimiter.consume(userId);
    if (!decision.allowed) throw new AppError('rate_limited', {}, retryAfterSeconds(decision));
    if (this.cutting >= MAX_CONCURRENT_CUTS) throw new AppError('rate_limited', {}, 1);
    this.cutting++;
    try {
      const recent = await this.deps.media.recent(device.id, CLIP_SECONDS * 1000);
      const ffmpeg = this.deps.ffmpeg;
      if (!ffmpeg || recent.files.length === 0 || recent.durationMs < MIN_CLIP_MS)
        throw new AppError('clip_unavailable');
      const id = randomUUID();
      const file = `clips/${id}.mp4`;
      let written: { bytes: number; durationMs: number };
      try {
        written = await writeClip(ffmpeg, recent.files, path.join(this.deps.uploadDir, file), this.deps.workDir);
      } catch (error) {
        this.deps.onError?.(error);
        throw new AppError('clip_unavailable');
      }
      await this.deps.clips.insert({
        id,
        userId,
        deviceId: device.id,
        path: file,
        durationMs: written.durationMs,
        bytes: written.bytes,
      });
      return await this.clip(id);
    } finally {
      this.cutting--;
    }
  }

  /** Publishes the user's own clip to the room (once; again = no change). Someone else's clip: not_found. */
  async publishClip(userId: number, id: string): Promise<Clip> {
    const existing = UUID.test(id) ? await this.deps.clips.byId(id) : undefined;
    if (existing?.userId !== userId) throw new AppError('not_found');
    if (existing.published) return toClip(existing, this.deps.assetHost);
    if (!(await this.deps.clips.publish(id, userId))) throw new AppError('not_found');
    const clip = await this.clip(id);
    tellListeners(this.clipListeners, clip, (error) => this.deps.onError?.(error));
    return clip;
  }

  /** A room's published clips, newest first. */
  async listClips(q: { device_id: string; page: number; limit: number }): Promise<ClipListData> {
    const device = await this.enabledDevice(q.device_id);
    const { rows, total } = await this.deps.clips.listPublished({ deviceId: device.id, page: q.page, limit: q.limit });
    return { list: rows.map((c) => toClip(c, this.deps.assetHost)), total, page: q.page, limit: q.limit };
  }

  /** Listens to clips as they are published (the realtime layer tells the room); returns the unsubscribe. */
  onClipPublished(listener: ClipListener): () => void {
    this.clipListeners.add(listener);
    return () => this.clipListeners.delete(listener);
  }

  private async enabledDevice(deviceId: string) {
    const device = await this.deps.devices.byId(deviceId);
    if (!device || device.disabled) throw new AppError('not_found');
    return device;
  }

  private async clip(id: string): Promise<Clip> {
    const row = await this.deps.clips.byId(id);
    if (!row) throw new AppError('not_found');
    return toClip(row, this.deps.assetHost);
  }
}
