import { timingSafeEqual } from 'node:crypto';
import { DeviceIdSchema, type MediaHookBody } from '@petheart/contracts';
import type { NginxMediaConfig } from '../../../config/env';
import type { Clock } from '../../../lib/clock';
import type { DeviceRepository } from '../../device/repository';
import { CameraStates, type CameraChangeListener } from '../camera-state';
import type { MediaEngine, RecentMedia } from '../engine';
import { PublishAuthenticator } from '../publish-auth';
import type { PlaybackGrant } from '../signer';
import { OriginClient, type Fetch } from './origin';
import { secureLinkQuery } from './secure-link';

/** How often camera_online is checked against what the origin says is publishing (a lost callback heals). */
const RECONCILE_MS = 30_000;

export interface NginxMediaDeps {
  config: NginxMediaConfig;
  devices: Pick<DeviceRepository, 'credentials' | 'setCameraOnline' | 'onlineCameraIds'>;
  clock: Clock;
  fetch?: Fetch;
  onError?: (error: unknown) => void;
}

/** What a callback from the origin gets: allowed (2xx), refused (403), or not for this API (its token is wrong). */
export type HookAnswer = 'allowed' | 'refused' | 'forbidden';

/**
 * The scaled-out media engine (issue 26 §5): cameras publish to an nginx-rtmp origin, which asks the API
 * (on_publish) whether the device's own secret names its own stream, and tells it when the publish ends; the
 * origin writes the HLS and relays each stream to the edges, from which viewers play on addresses signed for
 * nginx's secure_link. No video byte passes through the API: clips and stills read the origin's HLS.
 */
export class NginxMedia implements MediaEngine {
  readonly enabled = true;
  private readonly auth: PublishAuthenticator;
  private readonly cameras: CameraStates;
  private readonly origin: OriginClient;
  private readonly app: string;
  private readonly onError: (error: unknown) => void;
  private reconciler: NodeJS.Timeout | undefined;

  constructor(private readonly deps: NginxMediaDeps) {
    this.onError = deps.onError ?? (() => undefined);
    this.auth = new PublishAuthenticator(deps.devices);
    this.cameras = new CameraStates({ devices: deps.devices, clock: deps.clock, onError: this.onError });
    this.app = new URL(deps.config.ingestUrl).pathname.replace(/^\//, '');
    this.origin = new OriginClient(deps.config.originUrl, this.app, deps.fetch);
  }

  /** Reconciles camera_online with the origin now and every 30 s (the cameras publish whether the API runs or not). */
  async start(): Promise<void> {
    await this.reconcile();
    this.reconciler ??= setInterval(() => {
      void this.reconcile();
    }, RECONCILE_MS);
    this.reconciler.unref();
  }

  endViewers(): void {
    // Viewers play from the edges: the API holds no stream.
  }

  async stop(): Promise<void> {
    clearInterval(this.reconciler);
    this.reconciler = undefined;
    await this.cameras.settled();
  }

  onCameraChange(listener: CameraChangeListener): () => void {
    return this.cameras.onChange(listener);
  }

  publishUrl(deviceId: string, secret: string): string {
    return `${this.deps.config.ingestUrl}/${deviceId}?key=${encodeURIComponent(secret)}`;
  }

  /** The device row's word: the origin's callbacks write it, whichever API process they reach. */
  cameraOnline(device: { id: string; cameraOnline: boolean }): boolean {
    return device.cameraOnline;
  }

  /** The edge's signed playlist address for a viewer. */
  playbackUrl(grant: PlaybackGrant): string {
    const id = encodeURIComponent(grant.deviceId);
    return `${this.deps.config.playbackUrl}/hls/${id}/index.m3u8?${secureLinkQuery(grant, this.deps.config.signingKey)}`;
  }

  watch(): undefined {
    return undefined;
  }

  hls(): undefined {
    return undefined;
  }

  recent(deviceId: string, windowMs: number): Promise<RecentMedia> {
    return this.origin.recent(deviceId, windowMs).catch((error: unknown) => {
      this.onError(error);
      return { files: [], durationMs: 0 };
    });
  }

  newestSegment(deviceId: string): Promise<string | undefined> {
    return this.origin.newestSegment(deviceId).catch((error: unknown) => {
      this.onError(error);
      return undefined;
    });
  }

  /** Old credentials stop working: the cached verification goes and the origin drops the live publish. */
  revoke(deviceId: string): void {
    this.auth.forget(deviceId);
    this.origin.dropPublisher(deviceId).catch(this.onError);
  }

  /**
   * An origin callback: a publish is allowed only for the device's own secret (`?key=`) on its own stream name
   * in the ingest application, and sets camera_online; its end clears it. A wrong token: forbidden.
   */
  async hook(token: string | undefined, body: MediaHookBody): Promise<HookAnswer> {
    if (!this.tokenMatches(token)) return 'forbidden';
    const deviceId = body.name;
    if (body.app !== this.app || !DeviceIdSchema.safeParse(deviceId).success) return 'refused';
    if (body.call === 'publish_done') {
      await this.cameras.queue(deviceId, () => this.cameras.set(deviceId, false));
      return 'allowed';
    }
    if (!(await this.auth.mayPublish(deviceId, body.key ?? ''))) return 'refused';
    await this.cameras.queue(deviceId, () => this.cameras.set(deviceId, true));
    return 'allowed';
  }

  /** Sets camera_online from what the origin publishes now (cameras that came or went while no callback landed). */
  async reconcile(): Promise<void> {
    try {
      const publishing = await this.origin.publishing();
      const online = new Set(await this.deps.devices.onlineCameraIds());
      for (const id of online) if (!publishing.has(id)) void this.cameras.queue(id, () => this.cameras.set(id, false));
      for (const id of publishing)
        if (!online.has(id) && DeviceIdSchema.safeParse(id).success)
          void this.cameras.queue(id, () => this.cameras.set(id, true));
    } catch (error) {
      this.onError(error);
    }
  }

  private tokenMatches(token: string | undefined): boolean {
    const expected = Buffer.from(this.deps.config.hookToken);
    return token !== undefined && token.length === expected.length && timingSafeEqual(Buffer.from(token), expected);
  }
}
