import type { ErrorId } from '@petheart/contracts';

export interface FieldIssue {
  path: string;
  message: string;
}

/** Why an API call was rejected: the HTTP status (0 = no response), the envelope code and the machine id. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly errorId?: ErrorId;
  readonly fields?: FieldIssue[];

  constructor(message: string, o: { status: number; code: number; errorId?: ErrorId; fields?: FieldIssue[] }) {
    super(message);
    this.name = 'ApiError';
    this.status = o.status;
    this.code = o.code;
    if (o.errorId !== undefined) this.errorId = o.errorId;
    if (o.fields !== undefined) this.fields = o.fields;
  }
}
