import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isMessageKey, type ErrorEnvelope, type ErrorId } from '@petheart/contracts';
import { sqlState } from '../db/sql-state';
import { AppError } from './errors';

function send(reply: FastifyReply, status: number, body: ErrorEnvelope) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function failure(request: FastifyRequest, id: ErrorId, msg?: string, extra: Partial<ErrorEnvelope['data']> = {}) {
  return {
    code: 0 as const,
    msg: msg ?? request.t(`error.${id}`),
    time: Math.floor(Date.now() / 1000),
    data: { error: id, ...extra },
  };
}

/** Turns every thrown error into the envelope, in the request's language. Unknown errors say nothing inside. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
      return send(
        reply,
        error.status,
        failure(request, error.id, request.t(`error.${error.id}`, error.params), {
          ...(error.retryAfter !== undefined ? { retry_after: error.retryAfter } : {}),
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const key = v.message ?? '';
        const message = isMessageKey(key)
          ? request.t(key)
          : request.t('v.invalidField', { field: path || error.validationContext || 'body' });
        return { path, message };
      });
      return send(reply, 400, failure(request, 'validation_failed', fields[0]?.message, { fields }));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, 413, failure(request, 'payload_too_large'));
    }
    if (status === 429) return send(reply, 429, failure(request, 'rate_limited'));
    // A value the database cannot take (SQLSTATE class 22, data exception: a NUL in text, a number out of its
    // column's range) that slipped past the schemas: the statement failed, so nothing changed.
    if (sqlState(error)?.startsWith('22')) {
      request.log.warn({ err: error }, 'input the database refused');
      return send(reply, 400, failure(request, 'validation_failed'));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, and the like: the client's fault, said plainly.
      return send(
        reply,
        status === 404 ? 404 : 400,
        failure(request, status === 404 ? 'not_found' : 'validation_failed'),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, failure(request, 'internal'));
  });

  app.setNotFoundHandler((request, reply) => send(reply, 404, failure(request, 'not_found')));
}
