import type { LiveServerEvent } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { startOfUtcDay } from '../../lib/time';

/** A dispense the device answered: its command, the room and who fed. */
export interface Answer {
  commandId: string;
  /** The feed the command dispenses (the room's chat line and its proof). */
  feedId: string;
  deviceId: string;
  nickname: string;
  grams: number;
}

export interface RoomAnnouncerDeps {
  broadcast: (deviceId: string, event: 'fed', payload: LiveServerEvent<'fed'>) => void;
  clock: Clock;
}

interface RoomDay {
  /** The UTC day (its start, in ms) the figure is of. */
  day: number;
  /** Grams dispensed today as the last settlement's transaction left them. */
  settled: number;
  /** Answers announced since, by command, that no settlement has recorded yet. */
  unsettled: Map<string, number>;
}

/**
 * Tells each room "<nickname> fed <grams> g" (with the feed's id) and its device's grams today (decision 011, "The room hears
 * at the device's answer"). An answer to a command this process issued is announced when it arrives, before
 * its settlement is written, if this process knows the device's grams today: the figure the last settlement
 * of the device left, plus the answers announced since that no settlement has recorded. Other feeds (the
 * first of a device's day here, those the sweeper ends, answers that reach another process) are announced
 * by their settlement, with the figure its transaction read.
 */
export class RoomAnnouncer {
  private readonly rooms = new Map<string, RoomDay>();
  /** The device of each command in `unsettled`. */
  private readonly commands = new Map<string, string>();

  constructor(private readonly deps: RoomAnnouncerDeps) {}

  /** Announces a device's answer now; false (nothing said) when this process does not know the room's figure. */
  atAnswer(answer: Answer): boolean {
    if (answer.grams <= 0) return false;
    const room = this.rooms.get(answer.deviceId);
    if (!room || room.day !== this.today()) return false;
    room.unsettled.set(answer.commandId, answer.grams);
    this.commands.set(answer.commandId, answer.deviceId);
    let gramsToday = room.settled;
    for (const grams of room.unsettled.values()) gramsToday += grams;
    this.deps.broadcast(answer.deviceId, 'fed', {
      device_id: answer.deviceId,
      feed_id: answer.feedId,
      nickname: answer.nickname,
      grams: answer.grams,
      grams_today: gramsToday,
    });
    return true;
  }

  /**
   * After a settlement's commit: the rooms' grams today as its transaction left them (`day` is the UTC day
   * it counted), and its feeds whose food fell, announced unless their answers were.
   */
  settled(
    day: Date,
    gramsToday: Map<string, number>,
    fed: { feedId: string; deviceId: string; userId: number; grams: number; announced: boolean }[],
    nicknames: Map<number, string>,
  ): void {
    for (const [deviceId, grams] of gramsToday) {
      const room = this.rooms.get(deviceId);
      if (room?.day === day.getTime()) room.settled = grams;
      else this.rooms.set(deviceId, { day: day.getTime(), settled: grams, unsettled: new Map() });
    }
    for (const f of fed)
      if (!f.announced)
        this.deps.broadcast(f.deviceId, 'fed', {
          device_id: f.deviceId,
          feed_id: f.feedId,
          nickname: nicknames.get(f.userId) ?? '',
          grams: f.grams,
          grams_today: gramsToday.get(f.deviceId) ?? 0,
        });
  }

  /**
   * Commands whose settlement has run (committed, or failed: its next figure is read again): their answers
   * are no longer added to the last figure.
   */
  release(commandIds: Iterable<string>): void {
    for (const id of commandIds) {
      const deviceId = this.commands.get(id);
      if (deviceId === undefined) continue;
      this.commands.delete(id);
      this.rooms.get(deviceId)?.unsettled.delete(id);
    }
  }

  private today(): number {
    return startOfUtcDay(this.deps.clock.now()).getTime();
  }
}
