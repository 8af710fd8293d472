import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/** http_ece (web-push's RFC 8188 / 8291 implementation): here it decrypts what the API sent. */
interface HttpEce {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}
const require = createRequire(import.meta.url);
const ece = require('http_ece') as HttpEce;

/** One request the stand-in push service received. */
export interface PushRequest {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's side of a subscription: its ECDH key pair and auth secret (what the page would get from the browser). */
export interface TestBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** RFC 8291: the message as the browser would read it. */
  decrypt(body: Buffer): string;
}

/**
 * A local HTTP server standing in for a push service (RFC 8030): records each message, answers 201 unless told
 * otherwise per endpoint, and makes browsers (key pairs) whose endpoints point at it.
 */
export class PushService {
  readonly received: PushRequest[] = [];
  private readonly status = new Map<string, number>();
  private waiters: { path: string; resolve: (r: PushRequest) => void }[] = [];
  private server: Server | undefined;
  origin = '';

  static async start(): Promise<PushService> {
    const service = new PushService();
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        const path = request.url ?? '';
        const received = { path, method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks) };
        service.received.push(received);
        response.statusCode = service.status.get(path) ?? 201;
        response.end();
        const i = service.waiters.findIndex((w) => w.path === path);
        if (i >= 0) service.waiters.splice(i, 1)[0]?.resolve(received);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    service.server = server;
    service.origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    return service;
  }

  /** A new browser subscribed at this service. */
  browser(): TestBrowser {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    return {
      endpoint: `${this.origin}/push/${randomBytes(8).toString('hex')}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      decrypt: (body) =>
        ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'),
    };
  }

  /** What the service answers for an endpoint from now on (201 by default). */
  answer(endpoint: string, status: number): void {
    this.status.set(new URL(endpoint).pathname, status);
  }

  /** Requests to an endpoint so far. */
  to(endpoint: string): PushRequest[] {
    const path = new URL(endpoint).pathname;
    return this.received.filter((r) => r.path === path);
  }

  /** The next request to an endpoint (one already received and not waited for yet comes first). */
  next(endpoint: string, timeoutMs = 10_000): Promise<PushRequest> {
    const path = new URL(endpoint).pathname;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`no push to ${path} within ${String(timeoutMs)} ms`));
      }, timeoutMs);
      this.waiters.push({
        path,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.server)
        this.server.close(() => {
          resolve();
        });
      else resolve();
    });
  }
}

/** The VAPID claims of an `Authorization: vapid t=…, k=…` header, once its ES256 signature checks with k. */
export function verifiedVapid(authorization: string): {
  claims: { aud: string; exp: number; sub: string };
  key: string;
} {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [header = '', payload = '', signature = ''] = match[1].split('.');
  const point = Buffer.from(match[2], 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not check with its key');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
  if (head.alg !== 'ES256') throw new Error(`VAPID alg ${String(head.alg)}`);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  return { claims, key: match[2] };
}
