import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsLeft, useCountdown } from './countdown';

describe('secondsLeft', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts 60 seconds down to zero and can start again', () => {
    const { result } = renderHook(() => useCountdown(60));
    expect(result.current.running).toBe(false);
    act(() => {
      result.current.start();
    });
    expect(result.current.remaining).toBe(60);
    expect(result.current.running).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current.remaining).toBe(59);
    act(() => {
      vi.advanceTimersByTime(58_000);
    });
    expect(result.current.remaining).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current.remaining).toBe(0);
    expect(result.current.running).toBe(false);
    act(() => {
      result.current.start();
    });
    expect(result.current.remaining).toBe(60);
  });

  it('follows the wall clock when timers were throttled', () => {
    const { result } = renderHook(() => useCountdown(60));
    act(() => {
      result.current.start();
    });
    act(() => {
      vi.setSystemTime(Date.now() + 30_000);
      vi.advanceTimersByTime(250);
    });
    expect(result.current.remaining).toBe(30);
  });

  it('reset stops it at once', () => {
    const { result } = renderHook(() => useCountdown(60));
    act(() => {
      result.current.start();
    });
    act(() => {
      result.current.reset();
    });
    expect(result.current.running).toBe(false);
  });
});
