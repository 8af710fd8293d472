import { Periodic } from '../../lib/periodic';
import type { StatementService } from './service';

/**
 * Generates the finished months' statements when the app starts and then daily. Idempotent: a month stored
 * is never generated again, and two processes storing one month keep the first (unique index).
 */
export class StatementJob {
  private readonly periodic: Periodic;

  constructor(deps: { statements: StatementService; intervalMs: number; onError: (error: unknown) => void }) {
    this.periodic = new Periodic(() => deps.statements.generateDue(), deps.intervalMs, deps.onError);
  }

  /** Starts the job; its first pass runs in the background (the app does not wait for it to serve). */
  start(): void {
    void this.periodic.start();
  }

  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
