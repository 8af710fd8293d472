import type { Clock } from './clock';
import type { Logger } from './logger';

/** How many lines are kept, and how long one may be (DeviceAckDetail's log). */
export const RING_LINES = 200;
export const RING_LINE_CHARS = 500;
const REDACTED = '[redacted]';

type Level = 'info' | 'warn' | 'error';

/**
 * The agent's logger: passes every line on to `inner` and keeps the newest RING_LINES for a `report` command.
 * The secrets it is given are replaced in messages and details before anything is written or kept.
 */
export class RingLogger implements Logger {
  readonly #inner: Logger;
  readonly #clock: Clock;
  readonly #secrets: string[];
  readonly #lines: string[] = [];

  constructor(inner: Logger, clock: Clock, secrets: readonly string[]) {
    this.#inner = inner;
    this.#clock = clock;
    // Also as they appear in a URL or in JSON.
    const forms = secrets
      .filter((s) => s !== '')
      .flatMap((s) => [s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)]);
    this.#secrets = [...new Set(forms)].sort((a, b) => b.length - a.length);
  }

  info(message: string, details?: Record<string, unknown>): void {
    this.#log('info', message, details);
  }

  warn(message: string, details?: Record<string, unknown>): void {
    this.#log('warn', message, details);
  }

  error(message: string, details?: Record<string, unknown>): void {
    this.#log('error', message, details);
  }

  /** The newest `count` lines, oldest first. */
  tail(count: number): string[] {
    return count > 0 ? this.#lines.slice(-count) : [];
  }

  #log(level: Level, message: string, details: Record<string, unknown> | undefined): void {
    const safeMessage = this.#redact(message);
    const safe = details && this.#redactRecord(details);
    this.#inner[level](safeMessage, safe);
    const at = new Date(this.#clock.now()).toISOString();
    const line = `${at} ${level} ${safeMessage}${safe ? ` ${JSON.stringify(safe)}` : ''}`;
    this.#lines.push(line.slice(0, RING_LINE_CHARS));
    if (this.#lines.length > RING_LINES) this.#lines.splice(0, this.#lines.length - RING_LINES);
  }

  #redact(text: string): string {
    let out = text;
    for (const secret of this.#secrets) out = out.replaceAll(secret, REDACTED);
    return out;
  }

  #redactValue(value: unknown): unknown {
    if (typeof value === 'string') return this.#redact(value);
    if (Array.isArray(value)) return value.map((v: unknown) => this.#redactValue(v));
    if (value instanceof Error) return this.#redact(String(value));
    if (value && typeof value === 'object') return this.#redactRecord(value as Record<string, unknown>);
    return value;
  }

  #redactRecord(record: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, this.#redactValue(v)]));
  }
}
