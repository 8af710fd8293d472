import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BROTLI_OPTIONS, COMPRESS_FROM_BYTES } from './compression';

type Encoding = 'br' | 'gzip';
const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

interface Kept {
  data: string;
  time: number;
  body: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

/**
 * Successful answers whose data is JSON text kept in memory (getConfiguration's), sent in the envelope and
 * compressed once per encoding for each second's envelope (its `time` is in seconds) rather than for every
 * request: compressing the same kilobyte for every app start cost more than the rest of the answer (decision
 * 024). Answers under the compression threshold, or to clients that accept no encoding, are sent as text.
 */
export class KeptAnswers<K> {
  private readonly kept = new Map<K, Kept>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  send(request: FastifyRequest, reply: FastifyReply, key: K, dataJson: string): FastifyReply {
    const time = Math.floor(this.now() / 1000);
    let kept = this.kept.get(key);
    if (kept?.data !== dataJson || kept.time !== time) {
      kept = {
        data: dataJson,
        time,
        body: `{"code":1,"msg":"","time":${String(time)},"data":${dataJson}}`,
        encoded: {},
      };
      this.kept.set(key, kept);
    }
    void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    const encoding = kept.body.length >= COMPRESS_FROM_BYTES && accepted ? encodings.negotiate(accepted) : null;
    if (!encoding) return reply.send(kept.body);
    const bytes = (kept.encoded[encoding] ??=
      encoding === 'br' ? brotliCompressSync(kept.body, BROTLI_OPTIONS) : gzipSync(kept.body));
    return reply.header('content-encoding', encoding).send(bytes);
  }
}
