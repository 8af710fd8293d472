import type { FastifyReply } from 'fastify';

/** Wraps a successful result in the envelope {code: 1, msg, time, data}. */
export function ok<T>(data: T, msg = '') {
  return { code: 1 as const, msg, time: Math.floor(Date.now() / 1000), data };
}

/**
 * Sends the envelope around data that is JSON already (checked against its schema when it was made): Fastify
 * sends a string with a JSON content type as it is, without the route's serializer.
 */
export function sendOkJson(reply: FastifyReply, dataJson: string, msg = ''): FastifyReply {
  const time = String(Math.floor(Date.now() / 1000));
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"code":1,"msg":${JSON.stringify(msg)},"time":${time},"data":${dataJson}}`);
}
