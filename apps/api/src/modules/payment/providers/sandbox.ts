import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Locale } from '@petheart/contracts';
import type { Clock } from '../../../lib/clock';
import {
  headerOf,
  NotificationRejected,
  type IncomingNotification,
  type PaymentEvent,
  type PaymentProvider,
  type PlaceOrderInput,
  type PayResponse,
} from '../provider';
import { hmac, hmacVerify, responseMessage, withinWindow } from '../signatures';

/** The sandbox's keys: one secret kept in DATA_DIR/payment, split by purpose. */
export interface SandboxKeys {
  /** Signs notifications (the sandbox) and verifies them (the API). */
  notify: Buffer;
  /** Signs the payment page's address, so only the payer who got it can pay or cancel. */
  page: Buffer;
}

const KEY_FILE = 'sandbox-key';

async function readKey(file: string): Promise<Buffer | undefined> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, 'hex') : undefined;
  } catch {
    return undefined;
  }
}

export function deriveSandboxKeys(secret: Buffer): SandboxKeys {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
  return { notify: derive('petheart sandbox notify'), page: derive('petheart sandbox page') };
}

/** The sandbox secret in `dir` (created at the first start; processes sharing DATA_DIR agree on it). */
export async function sandboxKeys(dir: string): Promise<SandboxKeys> {
  const file = path.join(dir, KEY_FILE);
  const existing = await readKey(file);
  if (existing) return deriveSandboxKeys(existing);
  await mkdir(dir, { recursive: true });
  const secret = randomBytes(32);
  try {
    await writeFile(file, `${secret.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return deriveSandboxKeys(secret);
  } catch {
    const written = await readKey(file);
    if (!written) throw new Error(`cannot read or create the payment sandbox key in ${dir}`);
    return deriveSandboxKeys(written);
  }
}

/** What an order's page token signs. */
export const sandboxPageMessage = (orderNo: string) => `order:${orderNo}`;

/** The page token of an order (the `sig` of its pay_url). */
export function sandboxPageToken(keys: SandboxKeys, orderNo: string): string {
  return hmac(keys.page, sandboxPageMessage(orderNo));
}

/** The payment page of an order (relative: the app's own origin serves it). */
export function sandboxPageUrl(keys: SandboxKeys, orderNo: string, locale: Locale): string {
  const query = new URLSearchParams({ sig: sandboxPageToken(keys, orderNo), lang: locale });
  return `/api/payment/sandbox/${encodeURIComponent(orderNo)}?${query.toString()}`;
}

export const SANDBOX_HEADERS = {
  timestamp: 'sandbox-timestamp',
  nonce: 'sandbox-nonce',
  signature: 'sandbox-signature',
} as const;

/** What the sandbox posts to /api/payment/notify/sandbox (signed over timestamp, nonce and this body). */
export const SandboxNotificationSchema = z.object({
  id: z.string().min(1).max(100),
  event_type: z.enum(['PAYMENT.SUCCESS', 'PAYMENT.CANCELLED']),
  order_no: z.string().min(1).max(64),
  transaction_id: z.string().min(1).max(64),
  amount: z.number().int(),
  currency: z.string().min(1).max(8),
  /** ISO time of the payment (PAYMENT.SUCCESS). */
  paid_at: z.iso.datetime({ offset: true }).nullable(),
});
export type SandboxNotification = z.infer<typeof SandboxNotificationSchema>;

/**
 * The sandbox provider, API side: its pay_url leads to the sandbox payment page; its notifications are
 * verified like a real provider's (HMAC-SHA256 over timestamp, nonce and body; 5-minute window).
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly needsOpenid = false;

  constructor(private readonly deps: { keys: SandboxKeys; clock: Clock }) {}

  place(input: PlaceOrderInput): Promise<Extract<PayResponse, { provider: 'sandbox' }>> {
    return Promise.resolve({
      provider: 'sandbox',
      response: { pay_url: sandboxPageUrl(this.deps.keys, input.orderNo, input.locale) },
    });
  }

  verify(n: IncomingNotification): PaymentEvent {
    const timestamp = headerOf(n, SANDBOX_HEADERS.timestamp);
    const nonce = headerOf(n, SANDBOX_HEADERS.nonce);
    const signature = headerOf(n, SANDBOX_HEADERS.signature);
    if (!timestamp || !nonce || !signature) throw new NotificationRejected('missing_headers');
    if (!withinWindow(timestamp, this.deps.clock.now())) throw new NotificationRejected('stale_timestamp');
    if (!hmacVerify(this.deps.keys.notify, responseMessage(timestamp, nonce, n.body), signature))
      throw new NotificationRejected('bad_signature');
    let parsed: SandboxNotification;
    try {
      parsed = SandboxNotificationSchema.parse(JSON.parse(n.body));
    } catch {
      throw new NotificationRejected('malformed');
    }
    const paid = parsed.event_type === 'PAYMENT.SUCCESS';
    return {
      eventId: parsed.id,
      kind: paid ? 'paid' : 'closed',
      orderNo: parsed.order_no,
      transactionId: paid ? parsed.transaction_id : null,
      amount: parsed.amount,
      currency: parsed.currency,
      payerId: null,
      paidAt: paid && parsed.paid_at ? new Date(parsed.paid_at) : null,
    };
  }
}
