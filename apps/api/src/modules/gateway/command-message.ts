import { DeviceCommandSchema, PROTOCOL_VERSION, type DeviceCommand } from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { NewCommand } from './repository';

/* A command's message and its row, as the dispatcher (commands.ts) and the feed's intake make them. */

/** A command as its issuer asks for it (the message adds the protocol fields). */
export type CommandRequest =
  | { kind: 'dispense' | 'test_dispense' | 'refill'; grams: number }
  | { kind: 'tare' | 'restart' }
  | { kind: 'calibrate'; known_grams: number }
  | { kind: 'report'; log_lines: number };

const DEFAULT_TTL_MS = 10_000;
/**
 * An answer is taken until this long after its command's expiry (decision 026): an agent re-sends the answers
 * of its recent executions after it reconnects, as long as it keeps them (RECENT_ANSWERS in the agent).
 */
export const LATE_ANSWER_WINDOW_MS = 10 * 60_000;

/** A command's row in device_commands: as sent (attempt 1), or queued. */
export function commandRow(deviceId: string, command: DeviceCommand, sent: boolean, issuedBy?: number): NewCommand {
  return {
    issuedBy: issuedBy ?? null,
    id: command.id,
    deviceId,
    kind: command.kind,
    payload: command,
    issuedAt: new Date(command.issued_at),
    expiresAt: new Date(command.expires_at),
    status: sent ? 'sent' : 'queued',
    attempts: sent ? 1 : 0,
  };
}

/** A command's message as the device receives it (and its row stores), expiring `ttlMs` after `now`. */
export function commandMessage(
  id: string,
  request: CommandRequest,
  now: number,
  ttlMs = DEFAULT_TTL_MS,
): DeviceCommand {
  const parsed = DeviceCommandSchema.safeParse({
    v: PROTOCOL_VERSION,
    id,
    ...request,
    issued_at: now,
    expires_at: now + ttlMs,
  } satisfies DeviceCommand);
  if (!parsed.success || ttlMs <= 0) throw new AppError('validation_failed');
  return parsed.data;
}
