import type { Logger } from '../logger';

/** Test support: a logger that keeps every line. */
export interface CollectingLogger extends Logger {
  /** Every line, as `level message {details}`. */
  lines: string[];
  warnings: string[];
}

export function collectingLogger(): CollectingLogger {
  const lines: string[] = [];
  const warnings: string[] = [];
  const line = (level: string, m: string, d?: Record<string, unknown>) => {
    lines.push(`${level} ${m}${d ? ` ${JSON.stringify(d)}` : ''}`);
  };
  return {
    lines,
    warnings,
    info: (m, d) => {
      line('info', m, d);
    },
    warn: (m, d) => {
      line('warn', m, d);
      warnings.push(m);
    },
    error: (m, d) => {
      line('error', m, d);
      warnings.push(m);
    },
  };
}
