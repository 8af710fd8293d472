import { LedgerCheckResultSchema, type LedgerCheckResult, type LedgerCheckState } from '@petheart/contracts';
import type { InvariantReport } from '../ledger/invariants';
import { seconds } from '../../lib/time';

/** Where the latest result is kept (a settings row: every API process shows the latest of any of them). */
export const LEDGER_CHECK_KEY = 'ledger_check';
/** Problems kept with a result (the count says how many there were). */
const KEPT_PROBLEMS = 100;

export interface LedgerCheckStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export interface LedgerCheckerDeps {
  /** LedgerService.checkInvariants. */
  check: () => Promise<InvariantReport>;
  store: LedgerCheckStore;
  /** How often it runs by itself while the app runs. */
  intervalMs: number;
  onError?: (error: unknown) => void;
  /** A run found problems (the container logs them). */
  onProblems?: (result: LedgerCheckResult) => void;
}

export function toCheckResult(
  report: InvariantReport,
  trigger: LedgerCheckResult['trigger'],
  durationMs: number,
): LedgerCheckResult {
  return {
    ok: report.ok,
    checked_at: seconds(report.checkedAt),
    duration_ms: Math.round(durationMs),
    trigger,
    transactions: report.transactions,
    entries: report.entries,
    accounts: report.accounts,
    pending_holds: report.pendingHolds,
    problem_count: report.problems.length,
    problems: report.problems.slice(0, KEPT_PROBLEMS).map((p) => ({ code: p.code, detail: p.detail })),
  };
}

/**
 * Runs the ledger's invariant checker (decision 009) now and then, and when an admin asks: a run asked for
 * while one is under way gets that run's result (never two at once). The latest result is kept in memory
 * and in a settings row, so it survives a restart and shows in every API process.
 */
export class LedgerChecker {
  private inFlight: Promise<LedgerCheckResult> | undefined;
  private latest: LedgerCheckResult | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deps: LedgerCheckerDeps) {}

  run(trigger: LedgerCheckResult['trigger']): Promise<LedgerCheckResult> {
    this.inFlight ??= this.runOnce(trigger).finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async runOnce(trigger: LedgerCheckResult['trigger']): Promise<LedgerCheckResult> {
    const started = performance.now();
    const result = toCheckResult(await this.deps.check(), trigger, performance.now() - started);
    this.latest = result;
    try {
      await this.deps.store.set(LEDGER_CHECK_KEY, result);
    } catch (error) {
      // The result still counts (and shows from memory); only its copy for the other processes is missing.
      this.deps.onError?.(error);
    }
    if (!result.ok) this.deps.onProblems?.(result);
    return result;
  }

  /** The latest result (this process's or the stored one, whichever is newer). */
  async state(): Promise<LedgerCheckState> {
    const parsed = LedgerCheckResultSchema.safeParse(await this.deps.store.get(LEDGER_CHECK_KEY));
    const stored = parsed.success ? parsed.data : undefined;
    const mine = this.latest;
    const latest = stored && (!mine || stored.checked_at >= mine.checked_at) ? stored : mine;
    return { latest: latest ?? null, interval_s: this.intervalS };
  }

  /** How often it runs by itself, seconds. */
  get intervalS(): number {
    return Math.round(this.deps.intervalMs / 1000);
  }

  /** Runs every `intervalMs` from now on (the first run one interval after the start). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.run('schedule').catch((error: unknown) => this.deps.onError?.(error));
    }, this.deps.intervalMs);
    this.timer.unref();
  }

  /** Stops the schedule and waits for a run under way (before the database closes). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.inFlight?.catch(() => undefined);
  }
}
