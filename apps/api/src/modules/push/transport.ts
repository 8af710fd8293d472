import { createRequire } from 'node:module';
import type { VapidKeys } from './vapid';

/** A browser's subscription as web-push takes it. */
export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Delivers one encrypted message to a push service; resolves with its HTTP status (throws when unreachable). */
export interface PushTransport {
  send(subscription: PushSubscriptionKeys, payload: string): Promise<number>;
}

/** The part of web-push 3.6 used here: the request (VAPID JWT, RFC 8291 aes128gcm body), not its https sender. */
interface WebPushLib {
  generateRequestDetails(
    subscription: PushSubscriptionKeys,
    payload: string,
    options: {
      vapidDetails: { subject: string; publicKey: string; privateKey: string };
      TTL: number;
      urgency: 'very-low' | 'low' | 'normal' | 'high';
      contentEncoding: 'aes128gcm';
    },
  ): { endpoint: string; method: string; headers: Record<string, string | number>; body: Buffer | null };
}

const require = createRequire(import.meta.url);
const webPush = require('web-push') as WebPushLib;

export interface WebPushOptions {
  /** How long the push service keeps a message for a browser that is offline (seconds). */
  ttlSeconds: number;
  /** A push service that has not answered by then counts as a failure. */
  timeoutMs: number;
}

/**
 * Web Push through web-push (VAPID, RFC 8292; aes128gcm, RFC 8291), sent with fetch: web-push's own sender
 * speaks https only, and fetch gives a timeout and reads the answer's status the same way for every service.
 */
export function webPushTransport(vapid: VapidKeys, options: WebPushOptions): PushTransport {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    async send(subscription, payload) {
      const request = webPush.generateRequestDetails(subscription, payload, {
        vapidDetails,
        TTL: options.ttlSeconds,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    },
  };
}
