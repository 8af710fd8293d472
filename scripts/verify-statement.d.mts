// Types of scripts/verify-statement.mjs (plain JavaScript, so that it runs with Node alone).
export function canonicalJson(value: unknown): string;
export function statementHash(prevHash: string, jsonBytes: Uint8Array): string;
export function statementCsv(lines: readonly Record<string, string | number | null>[]): string;
export function checkStatement(bytes: Buffer): {
  doc?: { version: number; base_id: number; month: string; prev_hash: string; lines: Record<string, unknown>[] };
  hash?: string;
  problems: string[];
};
export function verify(
  files: readonly string[],
  options?: { cwd?: string; expect?: string },
): { ok: boolean; out: string[] };
