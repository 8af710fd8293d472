import { PROTOCOL_VERSION, deviceTopics, type DeviceConfig } from '@petheart/contracts';

export interface ConfigSyncDeps {
  /** The configuration a device should run now (null: unknown device). */
  configOf(deviceId: string): Promise<Omit<DeviceConfig, 'v' | 'issued_at'> | null>;
  /** Publishes with QoS 1, retained. */
  publish(topic: string, payload: string): Promise<void>;
  now(): number;
  onError(error: unknown): void;
  /** A station still reporting an older version is sent its configuration again at most this often (default 30 s). */
  resendAfterMs?: number;
}

/**
 * Gets each station the configuration the console set (its portions and daily cap): published retained on the
 * device's config topic when it changes, and again when a state report shows the station runs an older version
 * (it was offline, or the broker lost its retained messages in a restart).
 */
export class ConfigSync {
  private readonly lastSent = new Map<string, number>();

  constructor(private readonly deps: ConfigSyncDeps) {}

  /** Publishes a device's configuration now (after a change in the console). */
  async publish(deviceId: string): Promise<void> {
    const config = await this.deps.configOf(deviceId);
    if (!config) return;
    const message: DeviceConfig = { v: PROTOCOL_VERSION, ...config, issued_at: this.deps.now() };
    this.lastSent.set(deviceId, this.deps.now());
    await this.deps.publish(deviceTopics(deviceId).config, JSON.stringify(message));
  }

  /** A station reported the version it runs (undefined: none yet, or an agent that predates configurations). */
  reported(deviceId: string, running: number | undefined, current: number): void {
    if (running !== undefined && running >= current) {
      this.lastSent.delete(deviceId);
      return;
    }
    const last = this.lastSent.get(deviceId);
    if (last !== undefined && this.deps.now() - last < (this.deps.resendAfterMs ?? 30_000)) return;
    this.publish(deviceId).catch((error: unknown) => {
      this.deps.onError(error);
    });
  }
}
