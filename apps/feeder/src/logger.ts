export interface Logger {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/** One line per event on stdout/stderr, prefixed with the device id. */
export function consoleLogger(prefix: string): Logger {
  const line = (message: string, details?: Record<string, unknown>) =>
    details ? `[${prefix}] ${message} ${JSON.stringify(details)}` : `[${prefix}] ${message}`;
  return {
    info: (m, d) => {
      console.log(line(m, d));
    },
    warn: (m, d) => {
      console.warn(line(m, d));
    },
    error: (m, d) => {
      console.error(line(m, d));
    },
  };
}

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
