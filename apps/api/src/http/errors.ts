import { ERROR_STATUS, type ErrorId } from '@petheart/contracts';

/** A failure the user is told about: a stable id, its HTTP status, and optional message parameters. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly id: ErrorId,
    readonly params: Record<string, string | number> = {},
    readonly retryAfter?: number,
  ) {
    super(id);
    this.name = 'AppError';
    this.status = ERROR_STATUS[id];
  }
}
