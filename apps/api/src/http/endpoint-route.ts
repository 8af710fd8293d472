import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import {
  envelope,
  type Endpoint,
  type EndpointData,
  type EndpointParsed,
  type JsonEndpoint,
  type RawEndpoint,
} from '@petheart/contracts';
import { ok } from './envelope';

/** The request a JSON endpoint's handler gets: its input parsed by the endpoint's schema. */
export type EndpointRequest<E extends JsonEndpoint> = FastifyRequest & {
  body: E['method'] extends 'POST' ? EndpointParsed<E> : unknown;
  query: E['method'] extends 'GET' ? EndpointParsed<E> : unknown;
};

/** The request a raw endpoint's handler gets (params, query and body as its schemas parse them). */
export type RawRequest = FastifyRequest<{
  Params: Record<string, string>;
  Querystring: Record<string, string | undefined>;
  Body: unknown;
}>;

const tagsOf = (e: Endpoint) => (typeof e.tag === 'string' ? [e.tag] : [...e.tag]);

function jsonSchema(e: JsonEndpoint): FastifySchema {
  return {
    tags: tagsOf(e),
    ...(e.summary ? { summary: e.summary } : {}),
    ...(e.multipart ? { consumes: ['multipart/form-data'], security: [{ token: [] }] } : {}),
    ...(e.input ? { [e.method === 'GET' ? 'querystring' : 'body']: e.input } : {}),
    response: { 200: envelope(e.data) },
  };
}

/**
 * Method, URL, auth and schemas of a JSON endpoint's route, for the one route that sends its envelope itself
 * (the configuration, kept serialized per language); every other route uses route().
 */
export function routeOptions(endpoint: JsonEndpoint) {
  return {
    method: endpoint.method,
    url: endpoint.path,
    config: { auth: endpoint.auth },
    schema: jsonSchema(endpoint),
  };
}

/**
 * Registers a JSON endpoint (decision 032): method, path, auth and schemas from its contract; the handler
 * answers the data, wrapped here in the envelope with the endpoint's success message in the caller's language.
 */
export function route<E extends JsonEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointData<E>> | EndpointData<E>,
): void {
  const { message } = endpoint;
  app.route({
    ...routeOptions(endpoint),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const typed = request as EndpointRequest<E>;
      const data = await handler(typed, reply);
      if (message === undefined) return ok(data);
      const key =
        typeof message === 'function' ? message(endpoint.method === 'GET' ? typed.query : typed.body) : message;
      return ok(data, request.t(key));
    },
  });
}

/** Registers an endpoint that answers something other than the envelope; the handler owns the reply. */
export function rawRoute(
  app: FastifyInstance,
  endpoint: RawEndpoint,
  handler: (request: RawRequest, reply: FastifyReply) => unknown,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { auth: endpoint.auth },
    schema: {
      tags: tagsOf(endpoint),
      ...(endpoint.summary ? { summary: endpoint.summary } : {}),
      ...(endpoint.hide ? { hide: true } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.responses ? { response: endpoint.responses } : {}),
    },
    handler: (request, reply) => handler(request as RawRequest, reply),
  });
}
