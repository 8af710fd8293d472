import { checkpointDue, walActivity, type CheckpointLimits } from './embedded-checkpoint';
import type { EmbeddedQueries } from './pglite-thread';

/**
 * PostgreSQL's autovacuum defaults: a table is vacuumed when its dead rows pass 50 + 20 % of its rows
 * (autovacuum_vacuum_threshold, _scale_factor) or its oldest unfrozen transaction id is 200 million
 * transactions old (autovacuum_freeze_max_age), and analyzed when the rows changed since its last ANALYZE
 * pass 50 + 10 % of them (autovacuum_analyze_threshold, _scale_factor).
 */
export const AUTOVACUUM_DEFAULTS = {
  vacuumThreshold: 50,
  vacuumScale: 0.2,
  analyzeThreshold: 50,
  analyzeScale: 0.1,
  freezeMaxAge: 200_000_000,
};
export type Limits = typeof AUTOVACUUM_DEFAULTS;

/** A table's counters, as pg_stat_user_tables and pg_class have them. */
export interface TableActivity {
  table: string;
  /** pg_class.reltuples: the rows at the last VACUUM or ANALYZE; -1 when never. */
  rows: number;
  dead: number;
  modifiedSinceAnalyze: number;
  /** age(relfrozenxid): transactions since its rows were last frozen. */
  xidAge: number;
}

export type MaintenanceWork = 'VACUUM' | 'ANALYZE';

/** What a table needs now, by autovacuum's rules (VACUUM first). */
export function workDue(t: TableActivity, limits: Limits = AUTOVACUUM_DEFAULTS): MaintenanceWork[] {
  const rows = Math.max(t.rows, 0);
  const work: MaintenanceWork[] = [];
  if (t.dead > limits.vacuumThreshold + limits.vacuumScale * rows || t.xidAge > limits.freezeMaxAge)
    work.push('VACUUM');
  if (t.modifiedSinceAnalyze > limits.analyzeThreshold + limits.analyzeScale * rows) work.push('ANALYZE');
  return work;
}

/**
 * ANALYZE reads a sample of 300 × this many rows. PostgreSQL's default, 100, took 228 ms of the engine's one
 * thread on a table of 100,000 feeds; 10 (3,000 rows) took 24 ms. The statements it plans look rows up by
 * key or by time, which the sample's row count and key ranges are enough for.
 */
export const STATISTICS_TARGET = 10;

export interface MaintenanceRun {
  /**
   * Each step: the table worked on and what it got, or the checkpoint (no table); how long it took (its
   * wait for the engine included).
   */
  done: { table: string | null; work: MaintenanceWork | 'CHECKPOINT'; ms: number }[];
}

export interface EmbeddedMaintenanceDeps {
  database: EmbeddedQueries;
  /** How often it looks at the tables while the app runs (the first look is one interval after start). */
  intervalMs: number;
  /**
   * The pause between two steps (each a VACUUM or an ANALYZE of one table, tens of milliseconds of the
   * engine's one thread under load): the statements that queued behind a step run before the next one.
   */
  pauseMs?: number;
  limits?: Limits;
  checkpointLimits?: CheckpointLimits;
  onError?: (error: unknown) => void;
}

/**
 * Autovacuum for the embedded database (decision 019). PGlite is PostgreSQL in one process with no
 * background workers, so nothing ever vacuums or analyzes its tables: every changed row leaves its dead
 * versions in the tables and their indexes, the planner never learns how big a table has grown, and a
 * prepared statement keeps the plan it chose when its tables were small (a sequential scan of `feeds`
 * that grows with every feed). This looks at the tables' counters now and then and gives each table
 * what autovacuum would: VACUUM, ANALYZE (which also makes prepared statements plan again), or both.
 * With no checkpointer either, the write-ahead log would grow until the database closes, and a crash would
 * replay all of it: the run ends with a CHECKPOINT when the checkpointer would make one (decision 020).
 * Each step (a VACUUM or an ANALYZE of one table, a checkpoint) is one call into the engine, with a pause
 * before the next.
 */
export class EmbeddedMaintenance {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<MaintenanceRun> | undefined;
  private stopped = false;

  constructor(private readonly deps: EmbeddedMaintenanceDeps) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  /** Stops looking; waits for a run under way (the database may close after this). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight?.catch(() => undefined);
  }

  /** One look at every table, and the work due (a run asked for while one is under way gets that run). */
  run(): Promise<MaintenanceRun> {
    this.inFlight ??= this.runOnce().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /** A method, not the field: stop() may set it while a run waits. */
  private isStopped(): boolean {
    return this.stopped;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.run()
        .catch((error: unknown) => this.deps.onError?.(error))
        .finally(() => {
          this.schedule();
        });
    }, this.deps.intervalMs);
    this.timer.unref();
  }

  private async runOnce(): Promise<MaintenanceRun> {
    const { database } = this.deps;
    // The engine reports its counters at most once a second; this makes the next report (the end of this
    // statement's own transaction) carry everything counted so far.
    await database.query('SELECT pg_stat_force_next_flush()');
    const { rows } = await database.query<{ table: string; rows: number; dead: string; modified: string; age: number }>(
      `SELECT s.relname AS table, c.reltuples::float8 AS rows, s.n_dead_tup::text AS dead,
              s.n_mod_since_analyze::text AS modified, age(c.relfrozenxid) AS age
         FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
        WHERE s.schemaname = 'public'
        ORDER BY s.relname`,
    );
    const done: MaintenanceRun['done'] = [];
    const pause = async () => {
      if (done.length > 0 && this.deps.pauseMs) await new Promise((r) => setTimeout(r, this.deps.pauseMs));
      return !this.isStopped();
    };
    for (const r of rows) {
      const activity = {
        table: r.table,
        rows: r.rows,
        dead: Number(r.dead),
        modifiedSinceAnalyze: Number(r.modified),
        xidAge: r.age,
      };
      const table = `public.${quoteIdentifier(r.table)}`;
      // Each step is one call into the engine: other statements run between them.
      for (const work of workDue(activity, this.deps.limits)) {
        if (!(await pause())) return { done };
        const started = performance.now();
        await database.exec(
          work === 'VACUUM'
            ? `VACUUM ${table}`
            : `SET default_statistics_target = ${String(STATISTICS_TARGET)}; ANALYZE ${table}; RESET default_statistics_target`,
        );
        done.push({ table: r.table, work, ms: performance.now() - started });
      }
    }
    // After the VACUUMs: the pages they cleaned are written by this checkpoint, not left for the next.
    if (checkpointDue(await walActivity(database), this.deps.checkpointLimits)) {
      if (!(await pause())) return { done };
      const started = performance.now();
      await database.exec('CHECKPOINT');
      done.push({ table: null, work: 'CHECKPOINT', ms: performance.now() - started });
    }
    return { done };
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
