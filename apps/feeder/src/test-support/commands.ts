import { randomUUID } from 'node:crypto';
import { PROTOCOL_VERSION } from '@petheart/contracts';
import type { DeviceCommand, DeviceConfig } from '@petheart/contracts';

/** Test support: commands and configs as the API issues them, stamped with this machine's clock. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type CommandBody = DistributiveOmit<DeviceCommand, 'v' | 'id' | 'issued_at' | 'expires_at'>;

/** A command issued now (on this machine's clock) that lives `ttlMs`. */
export function dispenseCommand(grams = 20, ttlMs = 10_000, id: string = randomUUID()): DeviceCommand {
  const now = Date.now();
  return { v: PROTOCOL_VERSION, id, kind: 'dispense', grams, issued_at: now, expires_at: now + ttlMs };
}

/** Any command (`{ kind: 'tare' }`, `{ kind: 'report', log_lines: 5 }`…) issued now, living `ttlMs`. */
export function commandOf(body: CommandBody, ttlMs = 10_000): DeviceCommand {
  const now = Date.now();
  return { v: PROTOCOL_VERSION, id: randomUUID(), ...body, issued_at: now, expires_at: now + ttlMs };
}

export function deviceConfig(version: number, portions: number[], dailyGramCap: number): DeviceConfig {
  return {
    v: PROTOCOL_VERSION,
    version,
    portions: portions.map((grams, i) => ({ grams, coins: i + 1 })),
    daily_gram_cap: dailyGramCap,
    issued_at: Date.now(),
  };
}
