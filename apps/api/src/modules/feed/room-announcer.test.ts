import type { LiveServerEvent } from '@petheart/contracts';
import { describe, expect, it } from 'vitest';
import { RoomAnnouncer } from './room-announcer';

function announcer(start = Date.UTC(2026, 10, 21, 12)) {
  const heard: LiveServerEvent<'fed'>[] = [];
  const clock = { t: start, now: () => new Date(clock.t) };
  const rooms = new RoomAnnouncer({ broadcast: (_device, _event, payload) => heard.push(payload), clock });
  const today = new Date(Date.UTC(2026, 10, 21));
  return { rooms, heard, clock, today };
}

const answer = (commandId: string, grams = 10, deviceId = 'PH-1') => ({ commandId, deviceId, nickname: 'Mia', grams });

describe('RoomAnnouncer', () => {
  it('leaves a room whose figure it does not know to the settlement, which announces with its own figure', () => {
    const { rooms, heard, today } = announcer();
    expect(rooms.atAnswer(answer('c1'))).toBe(false);
    expect(heard).toEqual([]);
    rooms.settled(
      today,
      new Map([['PH-1', 40]]),
      [{ deviceId: 'PH-1', userId: 7, grams: 10, announced: false }],
      new Map([[7, 'Leo']]),
    );
    expect(heard).toEqual([{ device_id: 'PH-1', nickname: 'Leo', grams: 10, grams_today: 40 }]);
  });

  it('announces answers at once on the last settled figure plus the answers announced since, each once', () => {
    const { rooms, heard, today } = announcer();
    rooms.settled(today, new Map([['PH-1', 40]]), [], new Map());
    expect(rooms.atAnswer(answer('c1'))).toBe(true);
    expect(rooms.atAnswer(answer('c2', 5))).toBe(true);
    expect(heard.map((e) => e.grams_today)).toEqual([50, 55]);

    // The settlement recording c1 (its figure counts it) announces nothing of c1 again.
    rooms.settled(
      today,
      new Map([['PH-1', 50]]),
      [{ deviceId: 'PH-1', userId: 7, grams: 10, announced: true }],
      new Map(),
    );
    rooms.release(['c1']);
    expect(heard).toHaveLength(2);
    // c2 is still unsettled: counted once on top of the new figure.
    expect(rooms.atAnswer(answer('c3', 1))).toBe(true);
    expect(heard.at(-1)?.grams_today).toBe(56);
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
    expect(heard).toEqual([{ device_id: 'PH-2', nickname: 'Mia', grams: 10, grams_today: 110 }]);
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
