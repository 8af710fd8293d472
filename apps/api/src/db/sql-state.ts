/** The PostgreSQL error code (SQLSTATE) of an error or of one of its causes. */
export function sqlState(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
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

/** A statement's own check failed (OneStatement.check): its message, else undefined. */
export function statementCheckFailed(error: unknown): string | undefined {
  if (sqlState(error) !== 'PH001') return undefined;
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === 'PH001' && typeof message === 'string') return message;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
