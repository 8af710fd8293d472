import type { Clock } from '../../lib/clock';
import { tellListeners } from '../../lib/listeners';
import { Periodic } from '../../lib/periodic';
import type { StationCareRepository } from './repository';

/**
 * Opens and resolves the stations' alerts: every 30 s from the devices' rows (offline for 5 minutes, hopper low;
 * a jam resolved once food fell again), and a jam at once from a dispense's answer. A good dispense costs no write
 * here: feeds are the hot path, jams are rare.
 */
export class AlertWatcher {
  private readonly periodic: Periodic;
  private readonly openedListeners = new Set<(alertIds: number[]) => void>();

  constructor(
    private readonly deps: {
      repo: StationCareRepository;
      clock: Clock;
      onError: (error: unknown) => void;
      intervalMs?: number;
    },
  ) {
    this.periodic = new Periodic(() => this.sweep(), deps.intervalMs ?? 30_000, deps.onError);
  }

  start(): Promise<void> {
    return this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** Listens to alerts as they open (their ids), after they are stored; returns the unsubscribe. */
  onOpened(listener: (alertIds: number[]) => void): () => void {
    this.openedListeners.add(listener);
    return () => this.openedListeners.delete(listener);
  }

  /** One pass over every device (also what the tests call): the alerts it opened. */
  async sweep(): Promise<number[]> {
    return this.opened(await this.deps.repo.sweep(new Date(this.deps.clock.now())));
  }

  /** A command's end, as the device gateway tells it: a jam opens an alert. */
  commandSettled(result: { deviceId: string; id: string; outcome: string | null }): void {
    if (result.outcome !== 'jammed') return;
    this.deps.repo
      .openJam(result.deviceId, result.id, new Date(this.deps.clock.now()))
      .then((ids) => this.opened(ids))
      .catch(this.deps.onError);
  }

  private opened(ids: number[]): number[] {
    if (ids.length > 0) tellListeners(this.openedListeners, ids, this.deps.onError);
    return ids;
  }
}
