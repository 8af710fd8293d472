/** A room offline for less than this and back is a flap: its followers are not told. */
export const ROOM_FLAP_MS = 3 * 60_000;

/**
 * When a device's room is live again (its camera publishes), from the camera states this process sees (the media
 * server's changes, the gateway's reports). A room whose camera was offline for at least `minOfflineMs` and is
 * back tells its followers once; a shorter gap (a flap, an API restart whose cameras publish again at once) tells
 * no one. A device first seen online counts as offline since this process began, so a restart that takes longer
 * than a flap tells followers, as they would expect.
 */
export class RoomOnlineWatch {
  /** Per device: live now, or offline since (ms). */
  private readonly rooms = new Map<string, { online: true } | { online: false; since: number }>();
  private readonly startedAt: number;

  constructor(
    private readonly deps: {
      now: () => number;
      /** The room came back after a real gap: `at` dates this online episode. */
      onBackOnline: (deviceId: string, at: number) => void;
      minOfflineMs?: number;
    },
  ) {
    this.startedAt = deps.now();
  }

  /** A device's camera state as just seen (told again and again by state reports: only changes count). */
  seen(deviceId: string, online: boolean): void {
    const now = this.deps.now();
    const before = this.rooms.get(deviceId);
    if (!online) {
      if (before?.online !== false) this.rooms.set(deviceId, { online: false, since: now });
      return;
    }
    if (before?.online) return;
    this.rooms.set(deviceId, { online: true });
    const since = before ? before.since : this.startedAt;
    if (now - since >= (this.deps.minOfflineMs ?? ROOM_FLAP_MS)) this.deps.onBackOnline(deviceId, now);
  }
}
