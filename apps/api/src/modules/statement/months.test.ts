import { describe, expect, it } from 'vitest';
import { lastFinishedMonth, monthOf, monthStart, monthsBetween, nextMonth } from './months';

describe('statement months', () => {
  it('are UTC calendar months', () => {
    expect(monthOf(new Date('2025-01-31T23:59:59.999Z'))).toBe('2025-01');
    expect(monthStart('2025-03').toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(nextMonth('2025-12')).toBe('2026-01');
    expect(monthsBetween('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(monthsBetween('2025-03', '2025-02')).toEqual([]);
  });

  it('are finished once the grace after their end has passed', () => {
    const hour = 3_600_000;
    expect(lastFinishedMonth(new Date('2025-03-01T00:30:00Z'), hour)).toBe('2025-01');
    expect(lastFinishedMonth(new Date('2025-03-01T01:00:00Z'), hour)).toBe('2025-02');
    expect(lastFinishedMonth(new Date('2025-01-15T00:00:00Z'), hour)).toBe('2024-12');
  });
});
