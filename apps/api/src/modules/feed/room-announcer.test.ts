import type { LiveServerEvent } from '@petheart/contracts';
import { describe, expect, it } from 'vitest';
import { RoomAnnouncer } from './room-announcer';

function announcer(start = Date.UTC(2026, 10, 21, 12)) {
  const heard: LiveServerEvent<'fed'>[] = [];
  const rooms: string[] = [];
  const clock = { t: start, now: () => new Date(clock.t) };
  const announcer = new RoomAnnouncer({
    broadcast: (device, _event, payload) => {
      rooms.push(device);
      heard.push(payload);
    },
    clock,
  });
  const today = new Date(Date.UTC(2026, 10, 21));
  return { rooms: announcer, heard, heardIn: rooms, clock, today };
}

const answer = (commandId: string, grams = 10, deviceId = 'PH-1') => ({
  commandId,
  feedId: `feed-${commandId}`,
  deviceId,
  nickname: 'Mia',
  grams,
});

const fed = (feedId: string, o: { grams?: number; announced?: boolean; deviceId?: string; userId?: number } = {}) => ({
  feedId,
  deviceId: o.deviceId ?? 'PH-1',
  userId: o.userId ?? 7,
  grams: o.grams ?? 10,
  announced: o.announced ?? false,
});

describe('RoomAnnouncer', () => {
  it('leaves a room whose figure it does not know to the settlement, which announces with its own figure', () => {
    const { rooms, heard, today } = announcer();
    expect(rooms.atAnswer(answer('c1'))).toBe(false);
    expect(heard).toEqual([]);
    rooms.settled(today, new Map([['PH-1', 40]]), [fed('feed-c1')], new Map([[7, 'Leo']]));
    expect(heard).toEqual([{ device_id: 'PH-1', feed_id: 'feed-c1', nickname: 'Leo', grams: 10, grams_today: 40 }]);
  });

  it('announces answers at once on the last settled figure plus the answers announced since, each once', () => {
    const { rooms, heard, today } = announcer();
    rooms.settled(today, new Map([['PH-1', 40]]), [], new Map());
    expect(rooms.atAnswer(answer('c1'))).toBe(true);
    expect(rooms.atAnswer(answer('c2', 5))).toBe(true);
    expect(heard.map((e) => e.grams_today)).toEqual([50, 55]);

    // The settlement recording c1 (its figure counts it) announces nothing of c1 again.
    rooms.settled(today, new Map([['PH-1', 50]]), [fed('feed-c1', { announced: true })], new Map());
    rooms.release(['c1']);
    expect(heard).toHaveLength(2);
    // c2 is still unsettled: counted once on top of the new figure.
    expect(rooms.atAnswer(answer('c3', 1))).toBe(true);
    expect(heard.at(-1)?.grams_today).toBe(56);
  });

  it('names each feed it announces, at the answer and at the settlement alike', () => {
    const { rooms, heard, heardIn, today } = announcer();
    rooms.settled(today, new Map([['PH-1', 0]]), [], new Map());
    expect(rooms.atAnswer(answer('c1'))).toBe(true);
    rooms.settled(
      today,
      new Map([
        ['PH-1', 30],
        ['PH-2', 5],
      ]),
      [
        fed('feed-c1', { announced: true }),
        fed('feed-9', { grams: 20, userId: 8 }),
        fed('feed-10', { grams: 5, deviceId: 'PH-2', userId: 8 }),
      ],
      new Map([[8, 'Leo']]),
    );
    expect(heard.map((e) => [e.feed_id, e.nickname, e.grams])).toEqual([
      ['feed-c1', 'Mia', 10],
      ['feed-9', 'Leo', 20],
      ['feed-10', 'Leo', 5],
    ]);
    expect(heardIn).toEqual(['PH-1', 'PH-1', 'PH-2']);
    expect(heard.every((e) => e.feed_id.length > 0)).toBe(true);
  });

  it('does not count an answer whose settlement failed once the next figure is read', () => {
    const { rooms, heard, today } = announcer();
    rooms.settled(today, new Map([['PH-1', 0]]), [], new Map());
    rooms.atAnswer(answer('c1'));
    rooms.release(['c1']);
    rooms.settled(today, new Map([['PH-1', 0]]), [], new Map());
    rooms.atAnswer(answer('c2'));
    expect(heard.map((e) => e.grams_today)).toEqual([10, 10]);
  });

  it('keeps rooms apart, and forgets a figure at the end of its UTC day', () => {
    const { rooms, heard, clock, today } = announcer();
    rooms.settled(
      today,
      new Map([
        ['PH-1', 30],
        ['PH-2', 100],
      ]),
      [],
      new Map(),
    );
    rooms.atAnswer(answer('c1', 10, 'PH-2'));
    expect(heard).toEqual([{ device_id: 'PH-2', feed_id: 'feed-c1', nickname: 'Mia', grams: 10, grams_today: 110 }]);
    clock.t += 12 * 3_600_000;
    expect(rooms.atAnswer(answer('c2', 10, 'PH-1'))).toBe(false);
  });

  it('announces no answer without food', () => {
    const { rooms, heard, today } = announcer();
    rooms.settled(today, new Map([['PH-1', 30]]), [], new Map());
    expect(rooms.atAnswer(answer('c1', 0))).toBe(false);
    expect(heard).toEqual([]);
  });
});
