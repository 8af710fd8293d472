import { describe, expect, it } from 'vitest';
import { UTC, isUnknownZoneError, zonesOf } from './policy';

describe('feed statistics’ rules', () => {
  it('tries the IANA name first, then the offset, and counts in UTC without either', () => {
    expect(zonesOf({ tz: 'Asia/Tokyo', tz_offset: 540 })).toEqual([{ name: 'Asia/Tokyo' }, { offsetMinutes: 540 }]);
    expect(zonesOf({ tz_offset: -300 })).toEqual([{ offsetMinutes: -300 }]);
    expect(zonesOf({ tz: 'Europe/Paris' })).toEqual([{ name: 'Europe/Paris' }]);
    expect(zonesOf({})).toEqual([UTC]);
  });

  it('recognizes PostgreSQL’s unknown time zone error, also when wrapped', () => {
    const pg = Object.assign(new Error('time zone "Nope/Zone" not recognized'), { code: '22023' });
    expect(isUnknownZoneError(pg)).toBe(true);
    expect(isUnknownZoneError(new Error('query failed', { cause: pg }))).toBe(true);
    expect(isUnknownZoneError(Object.assign(new Error('invalid input'), { code: '22023' }))).toBe(false);
    expect(isUnknownZoneError(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(false);
  });
});
