import { randomUUID } from 'node:crypto';
import { deviceTopics, type DeviceAck, type DeviceAckDetail, type DeviceCommand } from '@petheart/contracts';
import { AppError } from '../../http/errors';
import { commandMessage, commandRow, LATE_ANSWER_WINDOW_MS, type CommandRequest } from './command-message';
import type { CommandRepository } from './repository';

export { commandMessage, commandRow, LATE_ANSWER_WINDOW_MS, type CommandRequest } from './command-message';

export interface CommandOptions {
  /** How long the command may take, queueing included, before it expires (ms). Default 10 000. */
  ttlMs?: number;
  /** Re-sends (same id) after an unanswered attempt. Default 2. */
  retries?: number;
  /** How long one attempt waits for the ack (ms). Default ttl / (retries + 1), at most 3 000. */
  ackTimeoutMs?: number;
  /**
   * The command's id (a UUID), when the caller stored it first (a feed keeps its command's id so that it
   * can learn the command's end after a restart). Default: a new random UUID. Never reuse one.
   */
  id?: string;
  /**
   * The caller stored the command's row itself (in its own transaction, with this message; `sent`: the row
   * says sent, attempt 1) and records the command's end too, from what the onSettled listeners are told.
   */
  stored?: { command: DeviceCommand; sent: boolean };
  /** The console user who sent a care command (kept with its row, for the audit). */
  issuedBy?: number;
}

export interface CommandResult {
  id: string;
  deviceId: string;
  /** acked = dispensed or done; failed = jammed, empty or failed; expired = no answer in time (or the device said so). */
  status: 'acked' | 'failed' | 'expired';
  /** The device's outcome; null when it never answered. */
  outcome: DeviceAck['outcome'] | null;
  /** Grams the device measured (0 without an answer). */
  grams: number;
  /** When the answer arrived (null without one). */
  ackedAt: Date | null;
  /** A care command's answer beyond its outcome (null without one). */
  detail: DeviceAckDetail | null;
  attempts: number;
  /** The issuer records the end (the command was issued with `stored`). */
  recordedByCaller: boolean;
}

export interface IssuedCommand {
  id: string;
  /** Commands ahead of this one on the device (0 = sent at once). */
  position: number;
  /** Settles (never rejects) when the device answers or the command expires. */
  result: Promise<CommandResult>;
}

interface Pending {
  id: string;
  deviceId: string;
  message: string;
  retries: number;
  ackTimeoutMs: number;
  expiresAt: number;
  attempts: number;
  settled: boolean;
  ackTimer: NodeJS.Timeout | undefined;
  ttlTimer: NodeJS.Timeout | undefined;
  /** Resolves once the row is stored (false: it never will be). */
  recorded: Promise<boolean>;
  /** The issuer stored the row and records the end. */
  byCaller: boolean;
  resolve: (result: CommandResult) => void;
}

interface DeviceQueue {
  inflight: Pending | null;
  waiting: Pending[];
}

export interface CommandDispatcherDeps {
  repository: Pick<CommandRepository, 'insertForEnabledDevice' | 'markSent' | 'settle' | 'recordUnownedAnswer'>;
  /** Publishes with QoS 1 (resolves when the broker has it). */
  publish(topic: string, payload: string): Promise<void>;
  /** Wall-clock ms (the device compares expires_at with its own clock). */
  now(): number;
  onError(error: unknown): void;
  /** Told every command's end (after its row is settled), whoever issued it. */
  onSettled?(result: CommandResult): void;
}

const DEFAULT_RETRIES = 2;

/**
 * Sends commands to devices: one in flight per device (the rest wait in order), re-sent with the same
 * id when unanswered (the device drops ids it has seen), expired after their TTL. Every command is a
 * row in device_commands; the returned promise settles with the device's answer or the expiry.
 */
export class CommandDispatcher {
  private readonly queues = new Map<string, DeviceQueue>();
  private readonly pending = new Map<string, Pending>();
  private stopped = false;

  constructor(private readonly deps: CommandDispatcherDeps) {}

  async issue(deviceId: string, request: CommandRequest, options: CommandOptions = {}): Promise<IssuedCommand> {
    if (this.stopped) throw new Error('the device gateway is stopped');
    const now = this.deps.now();
    const command = options.stored?.command ?? commandMessage(options.id ?? randomUUID(), request, now, options.ttlMs);
    const ttl = command.expires_at - command.issued_at;
    const retries = options.retries ?? DEFAULT_RETRIES;
    const ackTimeoutMs = options.ackTimeoutMs ?? Math.min(3_000, Math.max(100, Math.floor(ttl / (retries + 1))));
    if (retries < 0) throw new AppError('validation_failed');

    let resolve: (result: CommandResult) => void = () => undefined;
    const result = new Promise<CommandResult>((r) => {
      resolve = r;
    });
    let recorded: (ok: boolean) => void = () => undefined;
    const p: Pending = {
      id: command.id,
      deviceId,
      message: JSON.stringify(command),
      retries,
      ackTimeoutMs,
      expiresAt: command.expires_at,
      attempts: 0,
      settled: false,
      ackTimer: undefined,
      ttlTimer: undefined,
      recorded: new Promise<boolean>((r) => {
        recorded = r;
      }),
      byCaller: options.stored !== undefined,
      resolve,
    };
    // The place in the queue is taken at once (so the order is the order of calls); a command at the
    // head is stored as sent and published as soon as its row exists.
    let queue = this.queues.get(deviceId);
    if (!queue) {
      queue = { inflight: null, waiting: [] };
      this.queues.set(deviceId, queue);
    }
    const position = (queue.inflight ? 1 : 0) + queue.waiting.length;
    const atHead = !queue.inflight;
    if (atHead) queue.inflight = p;
    else queue.waiting.push(p);
    this.pending.set(p.id, p);

    let inserted = options.stored !== undefined;
    try {
      if (!inserted)
        inserted = await this.deps.repository.insertForEnabledDevice(
          commandRow(deviceId, command, atHead, options.issuedBy),
        );
    } finally {
      recorded(inserted);
      if (!inserted) this.discard(p);
    }
    if (!inserted) throw new AppError('not_found');
    if (p.settled) return { id: p.id, position, result }; // stopped meanwhile
    p.ttlTimer = setTimeout(
      () => {
        void this.settle(p, 'expired', null);
      },
      Math.max(0, p.expiresAt - this.deps.now()),
    );
    // A row stored as queued that is at the head now is marked sent as it goes.
    if (atHead && queue.inflight === p && p.attempts === 0) this.attempt(p, options.stored?.sent ?? true);
    return { id: p.id, position, result };
  }

  /** Commands on a device not yet answered (the one in flight included). */
  queueLength(deviceId: string): number {
    const queue = this.queues.get(deviceId);
    return queue ? (queue.inflight ? 1 : 0) + queue.waiting.length : 0;
  }

  /** An ack from a device (the topic named the device; the broker checked it may publish there). */
  async handleAck(deviceId: string, ack: DeviceAck): Promise<void> {
    // A re-send reached a device that already has the command: its real answer is still to come.
    if (ack.outcome === 'duplicate') return;
    const answer = { outcome: ack.outcome, grams: ack.grams, ackedAt: new Date(this.deps.now()), detail: ack.detail };
    const done = ack.outcome === 'dispensed' || ack.outcome === 'done';
    const status = done ? 'acked' : ack.outcome === 'expired' ? 'expired' : 'failed';
    const p = this.pending.get(ack.id);
    if (!p) {
      // Expired already (a late or re-sent answer), issued by a process that has stopped, or by another API
      // process: recorded, within the window, on a command not answered before.
      const expiredAfter = new Date(answer.ackedAt.getTime() - LATE_ANSWER_WINDOW_MS);
      await this.deps.repository.recordUnownedAnswer(ack.id, deviceId, status, answer, expiredAfter);
      return;
    }
    if (p.deviceId !== deviceId) return;
    await this.settle(p, status, answer);
  }

  /** Expires every open command (shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.pending.values()].map((p) => this.settle(p, 'expired', null)));
  }

  private dispatch(queue: DeviceQueue, p: Pending): void {
    queue.inflight = p;
    // Its row may still be on its way (it was queued behind a command that has just settled).
    void p.recorded.then((ok) => {
      if (ok && !p.settled && queue.inflight === p && p.attempts === 0) this.attempt(p, false);
    });
  }

  /** Publishes the command (again); `stored` = its row already says sent with this attempt. */
  private attempt(p: Pending, stored: boolean): void {
    p.attempts += 1;
    const onError = (error: unknown) => {
      this.deps.onError(error);
    };
    this.deps.publish(deviceTopics(p.deviceId).cmd, p.message).catch(onError);
    if (!stored) this.deps.repository.markSent(p.id, p.attempts).catch(onError);
    p.ackTimer = setTimeout(() => {
      p.ackTimer = undefined;
      // Out of retries: the TTL timer settles it.
      if (!p.settled && p.attempts <= p.retries && this.deps.now() < p.expiresAt) this.attempt(p, false);
    }, p.ackTimeoutMs);
  }

  /** Takes a command that was never stored out of its queue (the next one moves up). */
  private discard(p: Pending): void {
    p.settled = true;
    this.pending.delete(p.id);
    this.leaveQueue(p);
  }

  private leaveQueue(p: Pending): void {
    const queue = this.queues.get(p.deviceId);
    if (!queue) return;
    if (queue.inflight === p) {
      queue.inflight = null;
      const next = queue.waiting.shift();
      if (next) this.dispatch(queue, next);
    } else {
      queue.waiting = queue.waiting.filter((w) => w !== p);
    }
    if (!queue.inflight && queue.waiting.length === 0) this.queues.delete(p.deviceId);
  }

  private async settle(
    p: Pending,
    status: CommandResult['status'],
    answer: {
      outcome: DeviceAck['outcome'];
      grams: number;
      ackedAt: Date;
      detail?: DeviceAckDetail | undefined;
    } | null,
  ): Promise<void> {
    if (p.settled) return;
    p.settled = true;
    clearTimeout(p.ackTimer);
    clearTimeout(p.ttlTimer);
    this.pending.delete(p.id);
    this.leaveQueue(p);
    if (!p.byCaller)
      try {
        await this.deps.repository.settle(p.id, status, answer);
      } catch (error) {
        this.deps.onError(error);
      }
    const result: CommandResult = {
      id: p.id,
      deviceId: p.deviceId,
      status,
      outcome: answer?.outcome ?? null,
      grams: answer?.grams ?? 0,
      ackedAt: answer?.ackedAt ?? null,
      detail: answer?.detail ?? null,
      attempts: p.attempts,
      recordedByCaller: p.byCaller,
    };
    try {
      this.deps.onSettled?.(result);
    } catch (error) {
      this.deps.onError(error);
    }
    p.resolve(result);
  }
}
