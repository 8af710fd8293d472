import type { DeviceSessionControl } from '../device/ports';
import type { CameraChangeListener } from './camera-state';
import type { FlvSink } from './ingest';

/** The recorded media covering the last seconds of a live stream: files or http(s) addresses, oldest first. */
export interface RecentMedia {
  files: string[];
  durationMs: number;
}

/**
 * What runs the cameras' streams (decision 008, issue 26 §5): the embedded media server in the API process
 * (`MediaServer`), or an nginx-rtmp origin with edges (`NginxMedia`), where the API carries no video. Either
 * decides who may publish, owns camera_online, and gives clips and stills their recent media.
 */
export interface MediaEngine extends DeviceSessionControl {
  /** Whether live video runs at all (MEDIA_ENABLED). */
  readonly enabled: boolean;
  start(): Promise<void>;
  /** Ends every viewer's stream the API carries (before the HTTP server waits for open requests). */
  endViewers(): void;
  stop(): Promise<void>;
  onCameraChange(listener: CameraChangeListener): () => void;
  /** A device's publish address (undefined while the engine cannot take one). */
  publishUrl(deviceId: string, secret: string): string | undefined;
  /** Whether the device's camera publishes now; `device.cameraOnline` is the stored word. */
  cameraOnline(device: { id: string; cameraOnline: boolean }): boolean;
  /** The live FLV through the API (embedded only; undefined when not publishing or not carried here). */
  watch(deviceId: string, sink: FlvSink): (() => void) | undefined;
  /** The live HLS the API serves (embedded only): its folder and when its recording began. */
  hls(deviceId: string): { dir: string; startedAtMs: number } | undefined;
  /** Recorded media covering the last `windowMs` (for clips). */
  recent(deviceId: string, windowMs: number): Promise<RecentMedia>;
  /** The newest complete HLS segment (a file or an http address), for stills; undefined when none. */
  newestSegment(deviceId: string): Promise<string | undefined>;
}
