import { describe, expect, it } from 'vitest';
import { distanceLabel, liveRoomUrl, uniqueRooms } from './rooms';

describe('live room lists', () => {
  it('format a known distance in m or Km and hide an unknown one', () => {
    expect(distanceLabel(null, 'en')).toBeNull();
    expect(distanceLabel(-1, 'en')).toBeNull();
    expect(distanceLabel(Number.NaN, 'en')).toBeNull();
    expect(distanceLabel(0, 'en')).toBe('0m');
    expect(distanceLabel(850, 'en')).toBe('850m');
    expect(distanceLabel(999.6, 'en')).toBe('1Km');
    expect(distanceLabel(1534, 'en')).toBe('1.53Km');
    expect(distanceLabel(1_765_432, 'en')).toBe('1,765.43Km');
  });

  it('open the room by its device id', () => {
    expect(liveRoomUrl('PH-0001')).toBe('/pages/live/live?device_id=PH-0001');
    expect(liveRoomUrl('a b&c')).toBe('/pages/live/live?device_id=a%20b%26c');
  });

  it('merge pages keeping the first occurrence of a room that moved between pages', () => {
    const page1 = [
      { device_id: 'A', viewers: 9 },
      { device_id: 'B', viewers: 5 },
    ];
    const page2 = [
      { device_id: 'B', viewers: 6 },
      { device_id: 'C', viewers: 1 },
    ];
    expect(uniqueRooms([...page1, ...page2])).toEqual([
      { device_id: 'A', viewers: 9 },
      { device_id: 'B', viewers: 5 },
      { device_id: 'C', viewers: 1 },
    ]);
    expect(uniqueRooms([])).toEqual([]);
  });
});
