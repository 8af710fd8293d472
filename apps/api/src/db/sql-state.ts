/** An error and its causes, outermost first (each once). */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

/** The PostgreSQL error code (SQLSTATE) of an error or of one of its causes. */
export function sqlState(error: unknown): string | undefined {
  for (const e of chain(error)) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

/** Deadlock and serialization failures: the transaction did nothing and may simply run again. */
export const RETRYABLE_SQL_STATES: ReadonlySet<string> = new Set(['40P01', '40001']);

/** Runs `run` again after a deadlock or serialization failure (the transaction did nothing), `tries` times in all. */
export async function retryOnConflict<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries || !RETRYABLE_SQL_STATES.has(sqlState(error) ?? '')) throw error;
    }
  }
}

/** The SQLSTATE of a failed statement check (`statement_check`, migration 0014; OneStatement.check). */
const STATEMENT_CHECK_FAILED = 'PH001';

/** A statement's own check failed (OneStatement.check): its message, else undefined. */
export function statementCheckFailed(error: unknown): string | undefined {
  for (const e of chain(error))
    if (e.code === STATEMENT_CHECK_FAILED && typeof e.message === 'string') return e.message;
  return undefined;
}

/**
 * Runs `run` again when a statement's check failed with one of `messages` (what it read changed before it
 * wrote; the transaction did nothing), `tries` times in all; other errors end it at once.
 */
export async function retryOnCheck<T>(messages: readonly string[], run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const failed = statementCheckFailed(error);
      if (attempt >= tries || failed === undefined || !messages.includes(failed)) throw error;
    }
  }
}
