import { describe, expect, it } from 'vitest';
import { dayNumber, fromSeconds, seconds, startOfUtcDay, utcDate } from './time';

describe('time helpers', () => {
  it('counts the day from midnight UTC', () => {
    expect(startOfUtcDay(new Date('2026-05-01T23:59:59.999Z')).toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(startOfUtcDay(new Date('2026-05-02T00:00:00.000Z')).toISOString()).toBe('2026-05-02T00:00:00.000Z');
  });

  it('days are UTC', () => {
    expect(utcDate(new Date('2025-03-01T23:59:59Z'))).toBe('2025-03-01');
    expect(utcDate(new Date('2025-03-02T00:00:00+08:00'))).toBe('2025-03-01');
  });

  it('unix seconds, rounded down, and back', () => {
    expect(seconds(new Date('2025-01-01T00:00:01.999Z'))).toBe(1_735_689_601);
    expect(fromSeconds(1_735_689_601).toISOString()).toBe('2025-01-01T00:00:01.000Z');
  });
});

describe('dayNumber', () => {
  it('counts the first day online as day 1, and 0 before', () => {
    const first = new Date('2025-01-01T10:00:00Z');
    expect(dayNumber(null, new Date())).toBe(0);
    expect(dayNumber(first, new Date('2025-01-01T10:00:01Z'))).toBe(1);
    expect(dayNumber(first, new Date('2025-01-03T10:00:01Z'))).toBe(3);
  });

  it('counts 24-hour days from the start time, at least 1', () => {
    const joined = new Date('2025-01-01T23:00:00Z');
    expect(dayNumber(joined, joined)).toBe(1);
    expect(dayNumber(joined, new Date('2025-01-02T22:59:59Z'))).toBe(1);
    expect(dayNumber(joined, new Date('2025-01-02T23:00:00Z'))).toBe(2);
    expect(dayNumber(joined, new Date('2024-12-31T00:00:00Z'))).toBe(1);
  });
});
