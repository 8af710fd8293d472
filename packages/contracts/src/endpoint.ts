import type { z } from 'zod';
import type { MessageKey } from './messages/catalogue';

/** Who may call an endpoint: anyone ('none'), anyone with the user read when a token comes ('optional'), a user, an admin. */
export type EndpointAuth = 'none' | 'optional' | 'user' | 'admin';
export type EndpointMethod = 'GET' | 'POST';

/**
 * One HTTP endpoint of the API that answers the JSON envelope `{code, msg, time, data}` (decision 032): the
 * API registers its route from this object and the web app calls it through this object, so a path, a method
 * or a shape is written once. `body` (POST) or `query` (GET) is the input; `data` the envelope's data.
 */
export interface JsonEndpoint<
  I extends z.ZodType | undefined = z.ZodType | undefined,
  O extends z.ZodType = z.ZodType,
  M extends EndpointMethod = EndpointMethod,
> {
  readonly kind: 'json';
  readonly method: M;
  /** The full path, `/api/...`, exactly as FastAdmin spells it. */
  readonly path: `/api/${string}`;
  readonly auth: EndpointAuth;
  /** The OpenAPI tag (or tags). */
  readonly tag: string | readonly string[];
  readonly summary?: string;
  /** The body (POST) or query string (GET) schema; undefined when the endpoint takes nothing. */
  readonly input: I;
  /** The schema of the envelope's data on success. */
  readonly data: O;
  /** The success message (`msg`), in the caller's language; a function when it depends on the input. */
  readonly message?: MessageKey | ((input: I extends z.ZodType ? z.output<I> : undefined) => MessageKey);
  /** Multipart (the upload): the input is a form, not JSON, and `input` is undefined. */
  readonly multipart?: true;
}

/**
 * An endpoint that answers something other than the envelope: a redirect, an HTML page, a provider's
 * notification answer, a media stream. Its path may hold `:params`.
 */
export interface RawEndpoint {
  readonly kind: 'raw';
  readonly method: EndpointMethod;
  readonly path: string;
  readonly auth: EndpointAuth;
  readonly tag: string | readonly string[];
  readonly summary?: string;
  /** Left out of the OpenAPI document. */
  readonly hide?: true;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The answers by HTTP status. */
  readonly responses?: Readonly<Record<number, z.ZodType>>;
}

export type Endpoint = JsonEndpoint | RawEndpoint;

/** What the caller sends to a JSON endpoint (the schema's input type: defaults may be left out). */
export type EndpointInput<E extends JsonEndpoint> = E['input'] extends z.ZodType ? z.input<E['input']> : undefined;
/** What the handler receives (the schema's output type). */
export type EndpointParsed<E extends JsonEndpoint> = E['input'] extends z.ZodType ? z.output<E['input']> : undefined;
/** The envelope's data on success. */
export type EndpointData<E extends JsonEndpoint> = z.output<E['data']>;

interface JsonSpec<I extends z.ZodType | undefined, O extends z.ZodType> {
  auth: EndpointAuth;
  tag: string | readonly string[];
  summary?: string;
  input?: I;
  data: O;
  message?: JsonEndpoint<I, O>['message'];
  multipart?: true;
}

/** A POST endpoint taking a JSON body (most of the API, FastAdmin style). */
export function post<O extends z.ZodType, I extends z.ZodType | undefined = undefined>(
  path: `/api/${string}`,
  spec: JsonSpec<I, O>,
): JsonEndpoint<I, O, 'POST'> {
  return { kind: 'json', method: 'POST', path, ...spec, input: spec.input as I };
}

/** A GET endpoint; its input, if any, is the query string. */
export function get<O extends z.ZodType, I extends z.ZodType | undefined = undefined>(
  path: `/api/${string}`,
  spec: JsonSpec<I, O>,
): JsonEndpoint<I, O, 'GET'> {
  return { kind: 'json', method: 'GET', path, ...spec, input: spec.input as I };
}

/** An endpoint answering something other than the envelope (see RawEndpoint). */
export function raw(
  method: EndpointMethod,
  path: string,
  spec: Omit<RawEndpoint, 'kind' | 'method' | 'path'>,
): RawEndpoint {
  return { kind: 'raw', method, path, ...spec };
}

/**
 * The address of an endpoint whose path holds `:params` (a browser navigation, not a fetch), with its query
 * string: `endpointUrl(oauthEndpoints.start, { provider: 'google' }, { redirect: '/x' })`.
 */
export function endpointUrl(
  endpoint: Endpoint,
  params: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, string>> = {},
): string {
  const path = endpoint.path.replace(/:([a-z_]+)/gi, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`endpointUrl: missing :${name} for ${endpoint.path}`);
    return encodeURIComponent(value);
  });
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}
