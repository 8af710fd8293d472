import { z } from 'zod';
import { IntSchema, StringSchema } from './fields';
import { ErrorIdSchema } from './errors';

/** The response envelope of every API call: code 1 = success, 0 = failure (msg in the request's language). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.literal(1),
    msg: StringSchema,
    time: IntSchema,
    data,
  });
}

export const FieldIssueSchema = z.object({ path: StringSchema, message: StringSchema });

export const ErrorEnvelopeSchema = z.object({
  code: z.literal(0),
  msg: StringSchema,
  time: IntSchema,
  data: z.object({
    error: ErrorIdSchema,
    fields: z.array(FieldIssueSchema).optional(),
    retry_after: IntSchema.optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const EmptySchema = z.object({}).strict();

/** Paged list request: page and limit (default 10) plus extra fields. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export function pagedList<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: IntSchema,
    page: IntSchema,
    limit: IntSchema,
  });
}
