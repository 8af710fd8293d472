import { describe, expect, it } from 'vitest';
import type { Clock } from './clock';
import { ClockCheck, SKEW_WARNING_EVERY_MS } from './clock-check';
import { collectingLogger } from './test-support/collecting-logger';

function manualClock(start: number): Clock & { now: () => number; advance: (ms: number) => void } {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => (now += ms),
    setTimeout: () => {
      throw new Error('not used');
    },
    clearTimeout: () => undefined,
  };
}

const T0 = 1_700_000_000_000;
const issued = (at: number, ttlMs = 10_000) => ({ issued_at: at, expires_at: at + ttlMs });

describe('ClockCheck', () => {
  it('measures now − issued_at on every command', () => {
    const clock = manualClock(T0);
    const check = new ClockCheck(clock, collectingLogger());
    expect(check.skewMs).toBeUndefined();
    expect(check.observe(issued(T0 - 150))).toBe(150);
    expect(check.observe(issued(T0 + 2000))).toBe(-2000);
    expect(check.skewMs).toBe(-2000);
  });

  it("warns when the skew passes the command's TTL, either way, at most once per 10 minutes", () => {
    const clock = manualClock(T0);
    const logger = collectingLogger();
    const check = new ClockCheck(clock, logger);
    check.observe(issued(T0 - 10_000)); // exactly the TTL: not yet
    expect(logger.warnings).toHaveLength(0);
    check.observe(issued(T0 - 10_001));
    expect(logger.lines[0]).toMatch(
      /^warn the station's clock disagrees .* be dropped as expired.*"skew_ms":10001,"ttl_ms":10000/,
    );
    clock.advance(SKEW_WARNING_EVERY_MS - 1);
    check.observe(issued(clock.now() + 60_000));
    expect(logger.warnings).toHaveLength(1);
    clock.advance(1);
    check.observe(issued(clock.now() + 60_000));
    expect(logger.warnings).toHaveLength(2);
    expect(logger.lines[1]).toMatch(/run after their expiry.*"skew_ms":-60000/);
  });
});
