import { describe, expect, it } from 'vitest';
import { DEFAULT_COVER } from '../format';
import { offlineSinceTime, stillSources, type StillRoom } from './room-still';

const room = (over: Partial<StillRoom> = {}): StillRoom => ({
  thumbnail: '/uploads/thumbs/PH-0001/1800000000000.jpg',
  cover: '/uploads/20250101/cover.jpg',
  camera_online: true,
  camera_offline_at: null,
  ...over,
});
/** Unix seconds of a local time (the tests' own time zone, as the page's). */
const local = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).getTime() / 1000;

describe('a live room’s picture', () => {
  it('tries the still, then the base’s cover, then the default cover (paths on the asset host)', () => {
    expect(stillSources(room(), 'https://cdn.example')).toEqual([
      'https://cdn.example/uploads/thumbs/PH-0001/1800000000000.jpg',
      'https://cdn.example/uploads/20250101/cover.jpg',
      DEFAULT_COVER,
    ]);
    expect(stillSources(room({ thumbnail: '' }), '')).toEqual(['/uploads/20250101/cover.jpg', DEFAULT_COVER]);
    expect(stillSources(room({ thumbnail: '', cover: '' }), '')).toEqual([DEFAULT_COVER]);
  });
});

describe('since when a camera is offline', () => {
  const now = new Date(2031, 4, 20, 18, 30);
  it('is a time of day when it was today, in each language', () => {
    const at = local(2031, 5, 20, 14, 5);
    expect(offlineSinceTime(at, 'en', now)).toBe('2:05 PM');
    expect(offlineSinceTime(at, 'ja', now)).toBe('14:05');
    expect(offlineSinceTime(at, 'zh-CN', now)).toBe('14:05');
    expect(offlineSinceTime(at, 'zh-TW', now)).toMatch(/^下午\s?2:05$/);
  });

  it('is a day when it was before today, with the year when it was another year', () => {
    expect(offlineSinceTime(local(2031, 5, 19, 23, 59), 'en', now)).toBe('May 19');
    expect(offlineSinceTime(local(2031, 5, 19, 23, 59), 'ja', now)).toBe('5月19日');
    expect(offlineSinceTime(local(2030, 12, 31, 9, 0), 'en', now)).toBe('Dec 31, 2030');
    expect(offlineSinceTime(local(2030, 12, 31, 9, 0), 'zh-CN', now)).toBe('2030年12月31日');
  });
});
