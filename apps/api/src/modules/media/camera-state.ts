import type { Clock } from '../../lib/clock';
import { tellListeners } from '../../lib/listeners';
import { toDeviceStateEvent, type DeviceStateEvent } from '../device/presenter';
import type { DeviceRepository } from '../device/repository';

/** A camera went on or off line: the device's whole live state after the change (same shape as the gateway's). */
export type CameraChangeEvent = DeviceStateEvent;
export type CameraChangeListener = (event: CameraChangeEvent) => void;

/**
 * camera_online as the media engine sees it (embedded or nginx): each change is written to the device row and
 * told to the listeners (the live rooms). A device's work runs in order (online, offline, online… as its
 * publishes came and went), different devices' in parallel.
 */
export class CameraStates {
  private readonly listeners = new Set<CameraChangeListener>();
  private readonly chains = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: {
      devices: Pick<DeviceRepository, 'setCameraOnline'>;
      clock: Clock;
      onError: (error: unknown) => void;
    },
  ) {}

  /** Listens to camera changes; returns the function that stops listening. */
  onChange(listener: CameraChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs `work` after the device's earlier work (errors reported, never thrown). */
  queue(deviceId: string, work: () => Promise<void>): Promise<void> {
    const previous = this.chains.get(deviceId) ?? Promise.resolve();
    const next = previous.then(work).catch(this.deps.onError);
    this.chains.set(deviceId, next);
    void next.then(() => {
      if (this.chains.get(deviceId) === next) this.chains.delete(deviceId);
    });
    return next;
  }

  /** Writes the camera's state and tells the listeners (nothing for an unknown device). */
  async set(deviceId: string, online: boolean): Promise<void> {
    const row = await this.deps.devices.setCameraOnline(deviceId, online, this.deps.clock.now());
    if (!row) return;
    tellListeners(this.listeners, toDeviceStateEvent(row), this.deps.onError);
  }

  /** Resolves when every queued piece of work has run. */
  async settled(): Promise<void> {
    await Promise.all(this.chains.values());
  }
}
