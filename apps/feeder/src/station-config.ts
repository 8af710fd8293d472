import { DeviceConfigSchema } from '@petheart/contracts';
import type { DeviceConfig } from '@petheart/contracts';
import type { Logger } from './logger';
import { PersistedJson } from './persisted-json';

/**
 * The DeviceConfig the station runs: the newest version received on its config topic, kept in the state folder
 * so that a station restarting offline keeps running its last one.
 */
export class StationConfig {
  readonly #file: PersistedJson<DeviceConfig>;
  #current: DeviceConfig | undefined;

  private constructor(file: PersistedJson<DeviceConfig>, current: DeviceConfig | undefined) {
    this.#file = file;
    this.#current = current;
  }

  static async open(file: string, logger: Logger): Promise<StationConfig> {
    const persisted = new PersistedJson(file, DeviceConfigSchema, 'station config', logger);
    return new StationConfig(persisted, await persisted.load());
  }

  get current(): DeviceConfig | undefined {
    return this.#current;
  }

  /** The version in use; 0 before any. */
  get version(): number {
    return this.#current?.version ?? 0;
  }

  /**
   * Takes `config` when it is newer than the one in use (in memory at once; `saved` resolves once it is on disk,
   * and rejects if it could not be written, the config still being used until the agent stops).
   */
  offer(config: DeviceConfig): { applied: false } | { applied: true; saved: Promise<void> } {
    if (config.version <= this.version) return { applied: false };
    this.#current = config;
    return { applied: true, saved: this.#file.save(config) };
  }

  close(): Promise<void> {
    return this.#file.flush();
  }
}

/**
 * Why a paid dispense of `grams` must not run under `config` with `dispensedToday` grams already fed this UTC day;
 * undefined when it may. Without a config only the schema's limits apply; a config without portions sets no
 * portion limit (the daily cap still holds).
 */
export function dispenseRefusal(
  config: DeviceConfig | undefined,
  grams: number,
  dispensedToday: number,
): string | undefined {
  if (!config) return undefined;
  const largest = Math.max(0, ...config.portions.map((p) => p.grams));
  if (config.portions.length > 0 && grams > largest) {
    return `${String(grams)} g is above the largest portion (${String(largest)} g) of config ${String(config.version)}`;
  }
  if (dispensedToday + grams > config.daily_gram_cap) {
    return (
      `${String(grams)} g would pass the daily cap of ${String(config.daily_gram_cap)} g ` +
      `(${String(dispensedToday)} g dispensed today, UTC)`
    );
  }
  return undefined;
}
