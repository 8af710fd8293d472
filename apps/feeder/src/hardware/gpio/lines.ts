import type { GpioLine } from '@petheart/contracts';

/** A line's logical value: 1 is active (motor on, driver enabled), whatever the line's active_low says. */
export type LineValue = 0 | 1;

/** An output line this process holds: driven to its value until released. */
export interface OutputLine {
  /** Drives the line to `value`; resolves once it is driven. */
  set(value: LineValue): Promise<void>;
  /**
   * Stops driving the line: it falls back to its pull, which the wiring must make the inactive level (it is
   * also the line's state while the board boots or after the agent dies). Resolves once it is released;
   * calling it again does nothing.
   */
  release(): Promise<void>;
}

/** Hands out GPIO output lines (the Linux character device; a fake in tests). */
export interface LineDriver {
  /** Requests `line` as an output driven to `value`; resolves once it is driven. Rejects when it is busy. */
  request(line: GpioLine, value: LineValue): Promise<OutputLine>;
}

/** `gpiochip0:17`: how lines are named in logs and by the fake. */
export const lineName = (line: Pick<GpioLine, 'chip' | 'line'>): string =>
  `${line.chip.replace(/^\/dev\//, '')}:${String(line.line)}`;

/** The electrical level a logical value gives on `line`. */
export const levelOf = (line: Pick<GpioLine, 'active_low'>, value: LineValue): LineValue =>
  line.active_low ? (value === 1 ? 0 : 1) : value;
