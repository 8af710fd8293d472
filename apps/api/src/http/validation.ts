import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { NulFreeSchema } from '@petheart/contracts';

/**
 * The app's validator compiler (decision 025): every body, query string and path a route has a schema for is
 * first checked for NUL (U+0000) in any string or key, at any depth, then by the route's own zod schema. A
 * NUL fails like any other field (400 `validation_failed`, `v.nul` at its path, in the request's language);
 * PostgreSQL text cannot hold one, and no route has a use for it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const refuseNul = zodValidatorCompiler({ ...route, schema: NulFreeSchema });
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const nul = refuseNul(data);
    return typeof nul === 'object' && 'error' in nul && nul.error !== undefined ? nul : validate(data);
  };
};
