/** The rows of a `db.execute` result: PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: unknown[] }).rows ?? []) as T[];
}

/** A JSON array for `jsonb_to_recordset` (one parameter, whatever the number of rows). */
export const recordset = (rows: readonly object[]): string => JSON.stringify(rows);
