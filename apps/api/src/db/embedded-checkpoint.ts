import type { EmbeddedQueries } from './pglite-thread';

/**
 * PostgreSQL's checkpointer defaults: a checkpoint every checkpoint_timeout (5 min) when anything was
 * written since the last one, or sooner once the write-ahead log written since it passes
 * max_wal_size / (1 + checkpoint_completion_target) = 1 GB / 1.9.
 */
export const CHECKPOINT_DEFAULTS = {
  timeoutSeconds: 300,
  walBytes: Math.floor((1024 * 1024 * 1024) / 1.9),
};
export type CheckpointLimits = typeof CHECKPOINT_DEFAULTS;

/** The write-ahead log since the last checkpoint's redo point, and how long ago that checkpoint was. */
export interface WalActivity {
  walBytes: number;
  secondsSinceCheckpoint: number;
}

/**
 * A checkpoint writes its own record (about 100 bytes, more with the running transactions): a log that has
 * grown by no more than this since has nothing new to make durable, and the timed checkpoint is skipped.
 */
const CHECKPOINT_RECORD_BYTES = 1024;

/** Whether a checkpoint is due, by the checkpointer's rules. */
export function checkpointDue(wal: WalActivity, limits: CheckpointLimits = CHECKPOINT_DEFAULTS): boolean {
  if (wal.walBytes > limits.walBytes) return true;
  return wal.secondsSinceCheckpoint >= limits.timeoutSeconds && wal.walBytes > CHECKPOINT_RECORD_BYTES;
}

/** The log written since the last checkpoint began (its redo point), read from the engine's control file. */
export async function walActivity(database: EmbeddedQueries): Promise<WalActivity> {
  const { rows } = await database.query<{ wal: number; age: number }>(
    `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 AS wal,
            extract(epoch FROM now() - checkpoint_time)::float8 AS age
       FROM pg_control_checkpoint()`,
  );
  const row = rows[0];
  if (!row) throw new Error('pg_control_checkpoint() returned no row');
  return { walBytes: row.wal, secondsSinceCheckpoint: row.age };
}
