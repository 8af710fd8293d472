import type { Locale, PayRequestData, PaymentProviderName } from '@petheart/contracts';

/** What a provider needs to take a payment for an order. */
export interface PlaceOrderInput {
  orderNo: string;
  /** Smallest currency unit (fen). */
  amount: number;
  currency: string;
  /** Shown to the payer by the provider (WeChat: at most 127 bytes). */
  description: string;
  /** The payer in the messenger (WeChat JSAPI). */
  openid: string | undefined;
  /** The language the payer uses (the sandbox page speaks it). */
  locale: Locale;
}

type Placed<D> = D extends PayRequestData ? Pick<D, 'provider' | 'response'> : never;
/** What the client hands to the provider's payment bridge, tagged with the provider. */
export type PayResponse = Placed<PayRequestData>;

/** A notification as it arrived: header names in lower case, the body byte for byte (signatures cover it). */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A verified notification. paid = the payer paid `amount`; closed = the payment will never happen
 * (cancelled, closed); ignored = authentic but nothing to do (another event type).
 */
export interface PaymentEvent {
  /** The provider's notification id (the same on every repeat). */
  eventId: string;
  kind: 'paid' | 'closed' | 'ignored';
  orderNo: string;
  transactionId: string | null;
  amount: number;
  currency: string;
  payerId: string | null;
  paidAt: Date | null;
}

export type RejectReason =
  | 'missing_headers'
  | 'unknown_serial'
  | 'stale_timestamp'
  | 'bad_signature'
  | 'malformed'
  | 'decrypt_failed'
  | 'wrong_merchant';

/** A notification that cannot be trusted: it changes nothing (and is logged). */
export class NotificationRejected extends Error {
  constructor(readonly reason: RejectReason) {
    super(`notification rejected: ${reason}`);
    this.name = 'NotificationRejected';
  }
}

/** A provider's failure to place an order (network, refused, unverifiable answer): the client hears payment_failed. */
export class ProviderError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

/** One payment provider (decision 010): the sandbox or WeChat Pay v3 JSAPI. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Whether orders need the payer's messenger openid (else the client says "请在微信中打开"). */
  readonly needsOpenid: boolean;
  /** Places the order with the provider; throws ProviderError when it cannot. */
  place(input: PlaceOrderInput): Promise<PayResponse>;
  /** Verifies (signature, key serial, timestamp window) and decodes a notification; throws NotificationRejected. */
  verify(notification: IncomingNotification): PaymentEvent;
}

/** A header's single value (lower-case name). */
export function headerOf(n: IncomingNotification, name: string): string | undefined {
  const value = n.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
