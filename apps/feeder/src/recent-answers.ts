import { DeviceAckSchema, type DeviceAck } from '@petheart/contracts';
import { BoundedJsonLines } from './jsonl-store';
import type { Logger } from './logger';

/** How many answers are kept, and for how long (the API takes a late answer for 10 minutes, decision 026). */
export const RECENT_ANSWERS = { capacity: 100, maxAgeMs: 10 * 60_000 } as const;

/**
 * The answers (acks) of the commands this device executed recently: the newest `capacity`, each re-sent
 * after every (re)connection while younger than `maxAgeMs` (by the answer's own `at`), because an answer the
 * broker took may never have reached the API (it died before settling it, decision 026). Kept in a JSON-lines
 * file next to the executed ids, so an agent that restarts re-sends them too. Lines are validated with the
 * DeviceAck contract when read back.
 */
export class RecentAnswers {
  readonly #lines: BoundedJsonLines<DeviceAck>;
  readonly #maxAgeMs: number;
  readonly #logger: Logger | undefined;

  private constructor(lines: BoundedJsonLines<DeviceAck>, maxAgeMs: number, logger: Logger | undefined) {
    this.#lines = lines;
    this.#maxAgeMs = maxAgeMs;
    this.#logger = logger;
  }

  static async open(
    file: string,
    options: { capacity?: number; maxAgeMs?: number; logger?: Logger } = {},
  ): Promise<RecentAnswers> {
    const lines = await BoundedJsonLines.open<DeviceAck>(file, {
      capacity: options.capacity ?? RECENT_ANSWERS.capacity,
      parse: (value) => {
        const ack = DeviceAckSchema.safeParse(value);
        return ack.success ? ack.data : undefined;
      },
      key: (ack) => ack.id,
      label: 'recent answers',
      logger: options.logger,
    });
    return new RecentAnswers(lines, options.maxAgeMs ?? RECENT_ANSWERS.maxAgeMs, options.logger);
  }

  get size(): number {
    return this.#lines.size;
  }

  /** Remembers an answer (at once) and resolves once it is written. */
  add(ack: DeviceAck): Promise<void> {
    return this.#lines.add(ack);
  }

  /** The answers younger than maxAgeMs at `now` (ms), oldest first: those to re-send. */
  recent(now: number): DeviceAck[] {
    return this.#lines.values().filter((ack) => ack.at > now - this.#maxAgeMs);
  }

  /** Publishes the answers to re-send (recent) again, each with `publish` (a failure is logged); returns them. */
  resend(now: number, publish: (ack: DeviceAck) => Promise<void>): DeviceAck[] {
    const acks = this.recent(now);
    for (const ack of acks)
      publish(ack).catch((error: unknown) => {
        this.#logger?.warn('answer not re-sent', { id: ack.id, error: String(error) });
      });
    if (acks.length > 0) this.#logger?.info('recent answers re-sent', { count: acks.length });
    return acks;
  }

  close(): Promise<void> {
    return this.#lines.close();
  }
}
