import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Coalescer } from './coalescer';
import { RemoteViewers } from './remote-viewers';
import type { LocalViewers } from './viewer-keys';

/** Every process re-announces its rooms this often; an announcement counts for three times as long. */
const ANNOUNCE_MS = 10_000;
/** A room's keys are announced up to this many (about 60 KB of JSON); past it, its count only. */
export const MAX_ANNOUNCED_KEYS = 5_000;

/** What a process tells the others about one room: its distinct viewers' keys, and how many. */
export const AnnouncementSchema = z.object({
  node: z.string(),
  device_id: z.string(),
  count: z.number().int().min(0),
  /** Absent from older processes (count only) and from rooms past MAX_ANNOUNCED_KEYS: their count is added. */
  keys: z.array(z.string()).optional(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

export interface ViewerClusterDeps {
  /** This process's viewers per room. */
  local: LocalViewers;
  /** Sends an announcement to the other processes (socket.io serverSideEmit over Redis). */
  emit: (announcement: Announcement) => void;
  /** Another process's viewers of a room changed. */
  onRemoteChange: (deviceId: string) => void;
  /** A room's announcements are sent at most once per this interval. */
  intervalMs: number;
}

/**
 * Distinct viewers across API processes sharing Redis: each announces the viewer keys of its rooms (when
 * they change, coalesced, and every ANNOUNCE_MS); each counts the keys the others announced that it does
 * not have. A process that stops announcing drops out after 3 × ANNOUNCE_MS.
 */
export class ViewerCluster {
  readonly node = randomUUID();
  private readonly remote = new RemoteViewers(3 * ANNOUNCE_MS);
  private readonly announcements: Coalescer;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly deps: ViewerClusterDeps) {
    // The version changes with the room's set of keys here: a viewer replacing another is announced too.
    this.announcements = new Coalescer(
      deps.intervalMs,
      (deviceId) => deps.local.version(deviceId),
      (deviceId) => {
        this.announce(deviceId);
      },
    );
    this.timer = setInterval(() => {
      for (const deviceId of deps.local.roomIds()) this.announce(deviceId);
    }, ANNOUNCE_MS);
    this.timer.unref();
  }

  /** An announcement from the Redis channel (ignored when malformed or this process's own). */
  receive(announcement: unknown): void {
    const a = AnnouncementSchema.safeParse(announcement);
    if (!a.success || a.data.node === this.node) return;
    this.remote.set(a.data.node, a.data.device_id, a.data.count, a.data.keys);
    this.deps.onRemoteChange(a.data.device_id);
  }

  /** The room's viewers changed here: the others hear of it. */
  touch(deviceId: string): void {
    this.announcements.touch(deviceId);
  }

  /** Distinct viewers of a room: this process's and the others' not among them. */
  viewers(deviceId: string): number {
    return this.remote.distinct(deviceId, this.deps.local.keys(deviceId));
  }

  /** Stops announcing; the other processes stop counting this one's viewers at once. */
  stop(): void {
    clearInterval(this.timer);
    this.announcements.stop();
    for (const deviceId of this.deps.local.roomIds())
      this.deps.emit({ node: this.node, device_id: deviceId, count: 0, keys: [] });
  }

  private announce(deviceId: string): void {
    const keys = this.deps.local.keys(deviceId);
    const count = keys?.size ?? 0;
    const listed = count <= MAX_ANNOUNCED_KEYS ? { keys: [...(keys?.keys() ?? [])] } : {};
    this.deps.emit({ node: this.node, device_id: deviceId, count, ...listed });
  }
}
