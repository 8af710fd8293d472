import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../lib/clock';
import type { AppConfig } from '../../config/env';
import type { DeviceRepository } from '../device/repository';
import { CameraStates, type CameraChangeListener } from './camera-state';
import type { MediaEngine } from './engine';
import { RtmpIngest, PUBLISH_APP, type FlvSink } from './ingest';
import { assertNmsShape, setNmsLogLevel } from './nms';
import { PublishAuthenticator } from './publish-auth';
import { listedSegments } from './hls';
import { HLS_PLAYLIST, HLS_SEGMENT, StreamRecorder } from './recorder';

export interface MediaServerDeps {
  config: AppConfig['media'];
  devices: Pick<DeviceRepository, 'credentials' | 'setCameraOnline' | 'markAllCamerasOffline'>;
  clock: Clock;
  /** The ffmpeg that records streams for clips; undefined = no recording (clips unavailable). */
  ffmpeg: string | undefined;
  logLevel?: string;
  onError?: (error: unknown) => void;
}

/** Rolling recordings: 3 s segments (cut on keyframes), kept ~40 s: enough for a 15 s clip. */
export const SEGMENT_MS = 3_000;
const KEEP_MS = 40_000;
/** Live HLS beside the FLV (issue 26): 1 s segments (a keyframe each second), the last 64 listed (rewind, §3). */
export const HLS = { segmentSeconds: 1, listSize: 64 } as const;
const RECORDER_RETRY_MS = 2_000;

interface Recording {
  recorder: StreamRecorder;
  unsubscribe: (() => void) | undefined;
}

/**
 * The embedded media server: cameras publish RTMP to it (each device its own stream, with its own secret
 * as the key); viewers get the streams through the API (`watch`); while a stream is live it is recorded
 * for clips. It owns camera_online: publishing = online, and every change reaches `onCameraChange`.
 */
export class MediaServer implements MediaEngine {
  private readonly auth: PublishAuthenticator;
  private readonly ingest: RtmpIngest;
  private readonly cameras: CameraStates;
  private readonly recordings = new Map<string, Recording>();
  private readonly viewers = new Set<() => void>();
  private readonly onError: (error: unknown) => void;
  private port: number | undefined;
  private starting: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly deps: MediaServerDeps) {
    this.onError = deps.onError ?? (() => undefined);
    this.cameras = new CameraStates({ devices: deps.devices, clock: deps.clock, onError: this.onError });
    this.auth = new PublishAuthenticator(deps.devices);
    this.ingest = new RtmpIngest({
      authorize: (deviceId, key) => this.auth.mayPublish(deviceId, key),
      onLive: (deviceId) => {
        this.queue(deviceId, () => this.wentLive(deviceId));
      },
      onEnded: (deviceId) => {
        this.queue(deviceId, () => this.ended(deviceId));
      },
      onError: this.onError,
    });
  }

  get enabled(): boolean {
    return this.deps.config.enabled;
  }

  /** The RTMP port cameras publish to (undefined while stopped or disabled). */
  get rtmpPort(): number | undefined {
    return this.port;
  }

  /** rtmp://host:port of the running server, for cameras on this machine (undefined while stopped or disabled). */
  get rtmpUrl(): string | undefined {
    if (this.port === undefined) return undefined;
    const host = ['0.0.0.0', '::'].includes(this.deps.config.host) ? '127.0.0.1' : this.deps.config.host;
    return `rtmp://${host.includes(':') ? `[${host}]` : host}:${String(this.port)}`;
  }

  /** A device's publish address on this server: rtmp://host:port/live/{id}?key={secret}. */
  publishUrl(deviceId: string, secret: string): string | undefined {
    const base = this.rtmpUrl;
    return base && `${base}/${PUBLISH_APP}/${deviceId}?key=${encodeURIComponent(secret)}`;
  }

  /** Starts listening (no-op when disabled); every camera is offline until it publishes. Idempotent. */
  start(): Promise<void> {
    this.starting ??= this.doStart();
    return this.starting;
  }

  /** Ends every viewer's stream (before the HTTP server waits for open requests). */
  endViewers(): void {
    for (const end of [...this.viewers]) end();
  }

  /** Stops the server: publishers and viewers are disconnected, recordings deleted. */
  async stop(): Promise<void> {
    const starting = this.starting;
    if (!starting || this.stopped) return;
    this.stopped = true;
    await starting.catch(() => undefined);
    this.endViewers();
    await this.ingest.close();
    await this.cameras.settled();
    await Promise.all([...this.recordings.keys()].map((id) => this.stopRecording(id)));
    this.port = undefined;
  }

  isLive(deviceId: string): boolean {
    return this.ingest.isLive(deviceId);
  }

  /** Publishing now, as this server sees it (disabled: the device row's word). */
  cameraOnline(device: { id: string; cameraOnline: boolean }): boolean {
    return this.enabled ? this.ingest.isLive(device.id) : device.cameraOnline;
  }

  /** Listens to camera changes; returns the function that stops listening. */
  onCameraChange(listener: CameraChangeListener): () => void {
    return this.cameras.onChange(listener);
  }

  /**
   * Sends a device's live stream (FLV) to `sink` until the publisher goes, the returned function is called,
   * or the server stops. Undefined when the device is not publishing.
   */
  watch(deviceId: string, sink: FlvSink): (() => void) | undefined {
    let unsubscribe: (() => void) | undefined = undefined;
    const stop = () => {
      if (!this.viewers.delete(stop)) return;
      unsubscribe?.();
      sink.end();
    };
    this.viewers.add(stop);
    unsubscribe = this.ingest.subscribe(deviceId, {
      write: (chunk) => {
        sink.write(chunk);
      },
      end: stop,
    });
    if (!unsubscribe) {
      this.viewers.delete(stop);
      return undefined;
    }
    return stop;
  }

  /** The recorded segments covering the last `windowMs` of a live stream (none when it is not recorded). */
  async recent(deviceId: string, windowMs: number): Promise<{ files: string[]; durationMs: number }> {
    const recording = this.recordings.get(deviceId);
    if (!recording?.unsubscribe) return { files: [], durationMs: 0 };
    return recording.recorder.recent(windowMs);
  }

  /** The newest segment the live HLS playlist lists (a file path), for stills; undefined when none. */
  async newestSegment(deviceId: string): Promise<string | undefined> {
    const live = this.hls(deviceId);
    if (!live) return undefined;
    const text = await readFile(path.join(live.dir, HLS_PLAYLIST), 'utf8').catch(() => '');
    const newest = listedSegments(text)?.at(-1);
    return newest && HLS_SEGMENT.test(newest.uri) ? path.join(live.dir, newest.uri) : undefined;
  }

  /** The live HLS of a stream being recorded: its folder and when its recording began; undefined otherwise. */
  hls(deviceId: string): { dir: string; startedAtMs: number } | undefined {
    const recording = this.recordings.get(deviceId);
    return recording?.unsubscribe ? recording.recorder.hls : undefined;
  }

  /** Old credentials stop working: the cached verification goes and the live publish is closed. */
  revoke(deviceId: string): void {
    this.auth.forget(deviceId);
    this.ingest.disconnect(deviceId);
  }

  private async doStart(): Promise<void> {
    const { config } = this.deps;
    if (!config.enabled) return;
    assertNmsShape();
    setNmsLogLevel(this.deps.logLevel ?? 'info');
    // A media server that has just started has no stream: cameras are online once they publish again.
    await this.deps.devices.markAllCamerasOffline();
    await rm(this.recordingsDir, { recursive: true, force: true });
    this.port = await this.ingest.listen(config.host, config.rtmpPort);
  }

  private get recordingsDir(): string {
    return path.join(this.deps.config.dir, 'recordings');
  }

  /** Work for one device runs in order (online, offline, online… as the streams came and went). */
  private queue(deviceId: string, work: () => Promise<void>): void {
    void this.cameras.queue(deviceId, work);
  }

  private async wentLive(deviceId: string): Promise<void> {
    await this.setCamera(deviceId, true);
    await this.startRecording(deviceId);
  }

  private async ended(deviceId: string): Promise<void> {
    await this.stopRecording(deviceId);
    // A newer publish of the same device may already be live (a camera that reconnected).
    if (!this.ingest.isLive(deviceId)) await this.setCamera(deviceId, false);
  }

  private setCamera(deviceId: string, online: boolean): Promise<void> {
    return this.cameras.set(deviceId, online);
  }

  private async startRecording(deviceId: string): Promise<void> {
    const ffmpeg = this.deps.ffmpeg;
    if (!ffmpeg || this.stopped || !this.ingest.isLive(deviceId) || this.recordings.has(deviceId)) return;
    const recorder: StreamRecorder = new StreamRecorder({
      ffmpeg,
      dir: path.join(this.recordingsDir, deviceId),
      segmentMs: SEGMENT_MS,
      keepMs: KEEP_MS,
      hls: HLS,
      onExit: (reason) => {
        this.onError(new Error(`the recording of ${deviceId} stopped: ${reason}`));
        if (this.recordings.get(deviceId)?.recorder !== recorder) return;
        this.queue(deviceId, () => this.stopRecording(deviceId));
        setTimeout(() => {
          this.queue(deviceId, () => this.startRecording(deviceId));
        }, RECORDER_RETRY_MS).unref();
      },
    });
    const recording: Recording = { recorder, unsubscribe: undefined };
    this.recordings.set(deviceId, recording);
    await recorder.start();
    recording.unsubscribe = this.ingest.subscribe(deviceId, recorder.sink);
    if (!recording.unsubscribe) await this.stopRecording(deviceId);
  }

  private async stopRecording(deviceId: string): Promise<void> {
    const recording = this.recordings.get(deviceId);
    if (!recording) return;
    this.recordings.delete(deviceId);
    recording.unsubscribe?.();
    await recording.recorder.stop();
  }
}
