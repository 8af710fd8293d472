import type { GpioLine } from '@petheart/contracts';
import type { Clock } from '../../clock';
import type { LineDriver, LineValue, OutputLine } from './lines';
import { levelOf, lineName } from './lines';
import type { PwmDriver, PwmOutput } from './pwm';

/** One change of a fake line: its logical value and electrical level, or its release. */
export type LineEdge =
  { at: number; line: string; value: LineValue; level: LineValue } | { at: number; line: string; value: 'released' };

/**
 * GPIO lines in memory, for tests: records every edge with the injected clock's time, refuses a line that
 * is already held (as the kernel does), and fails on demand.
 */
export class FakeLineDriver implements LineDriver {
  readonly edges: LineEdge[] = [];
  readonly #clock: Clock;
  readonly #journal: Journal | undefined;
  readonly #held = new Map<string, LineValue>();
  #failures: { on: 'request' | 'set' | 'release'; line?: string }[] = [];

  /** `journal` also receives every edge (shared with a FakePwm, it orders lines and pulses). */
  constructor(clock: Clock, journal?: Journal) {
    this.#clock = clock;
    this.#journal = journal;
  }

  /** The logical value a line is held at, or undefined when released. */
  value(line: string): LineValue | undefined {
    return this.#held.get(line);
  }

  /** Lines held now. */
  get held(): string[] {
    return [...this.#held.keys()];
  }

  /** The next `on` (on `line`, or any line) throws. */
  failNext(on: 'request' | 'set' | 'release', line?: string): void {
    this.#failures.push({ on, line });
  }

  async request(gpio: GpioLine, value: LineValue): Promise<OutputLine> {
    const name = lineName(gpio);
    this.#fail('request', name);
    if (this.#held.has(name)) throw new Error(`${name} is busy`);
    this.#drive(gpio, name, value);
    let released = false;
    return {
      set: async (next: LineValue) => {
        if (released) throw new Error(`${name} was released`);
        this.#fail('set', name);
        if (this.#held.get(name) !== next) this.#drive(gpio, name, next);
      },
      release: async () => {
        if (released) return;
        this.#fail('release', name);
        released = true;
        this.#held.delete(name);
        this.#record({ at: this.#clock.now(), line: name, value: 'released' });
      },
    };
  }

  #drive(gpio: GpioLine, name: string, value: LineValue): void {
    this.#held.set(name, value);
    this.#record({ at: this.#clock.now(), line: name, value, level: levelOf(gpio, value) });
  }

  #record(edge: LineEdge): void {
    this.edges.push(edge);
    this.#journal?.push(edge);
  }

  #fail(on: 'request' | 'set' | 'release', line: string): void {
    const index = this.#failures.findIndex((f) => f.on === on && (f.line === undefined || f.line === line));
    if (index < 0) return;
    this.#failures.splice(index, 1);
    throw new Error(`${line}: ${on} failed (fake)`);
  }
}

export type PwmEvent = { at: number; event: 'open' | 'stop' } | { at: number; event: 'start'; hz: number };

/** Line edges and PWM events in the order they happened. */
export type Journal = (LineEdge | PwmEvent)[];

/** A PWM channel in memory: records opens, starts and stops with the clock's time. */
export class FakePwm implements PwmDriver {
  readonly events: PwmEvent[] = [];
  readonly #clock: Clock;
  readonly #journal: Journal | undefined;
  #running = false;
  /** The next starts throw. */
  failStart = false;

  constructor(clock: Clock, journal?: Journal) {
    this.#clock = clock;
    this.#journal = journal;
  }

  get running(): boolean {
    return this.#running;
  }

  async open(): Promise<PwmOutput> {
    this.#running = false;
    this.#record({ at: this.#clock.now(), event: 'open' });
    return {
      start: async (hz: number) => {
        if (this.failStart) throw new Error('pwm start failed (fake)');
        this.#running = true;
        this.#record({ at: this.#clock.now(), event: 'start', hz });
      },
      stop: async () => {
        this.#running = false;
        this.#record({ at: this.#clock.now(), event: 'stop' });
      },
    };
  }

  #record(event: PwmEvent): void {
    this.events.push(event);
    this.#journal?.push(event);
  }
}
