import { z } from 'zod';
import type { WechatJsapiParams } from '@petheart/contracts';
import type { Clock } from '../../../lib/clock';
import type { WechatPayConfig } from '../../../config/env';
import {
  headerOf,
  NotificationRejected,
  ProviderError,
  type IncomingNotification,
  type PaymentEvent,
  type PaymentProvider,
  type PayResponse,
  type PlaceOrderInput,
} from '../provider';
import {
  authorizationHeader,
  decryptResource,
  jsapiMessage,
  nonceStr,
  requestMessage,
  responseMessage,
  rsaSign,
  rsaVerify,
  withinWindow,
} from '../signatures';
import type { WechatKeys } from './wechat-keys';

export const JSAPI_PATH = '/v3/pay/transactions/jsapi';

/** A v3 notification (its resource encrypted). */
const NotificationSchema = z.object({
  id: z.string().min(1).max(100),
  event_type: z.string(),
  resource_type: z.string().optional(),
  resource: z.object({
    algorithm: z.string(),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
    original_type: z.string().optional(),
  }),
});

/** The decrypted `transaction` resource (the fields this server reads). */
const TransactionSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  success_time: z.iso.datetime({ offset: true }).optional(),
  payer: z.object({ openid: z.string().optional() }).optional(),
  amount: z.object({ total: z.number().int(), currency: z.string().optional() }),
});

const PrepaySchema = z.object({ prepay_id: z.string().min(1) });

const seconds = (d: Date) => String(Math.floor(d.getTime() / 1000));

export interface WechatPayDeps {
  config: WechatPayConfig;
  keys: WechatKeys;
  clock: Clock;
  fetch?: typeof fetch;
  /** Gives up on a call to WeChat Pay after this long (ms). */
  timeoutMs?: number;
}

/**
 * WeChat Pay API v3, JSAPI (decision 010). Orders are placed with a request signed by the merchant key
 * (whose answer is verified with the platform key); the client gets the JSAPI parameters signed for
 * WeixinJSBridge. Notifications are verified (platform serial, 5-minute window, signature) and their
 * AEAD_AES_256_GCM resource decrypted with the APIv3 key.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;
  readonly needsOpenid = true;

  constructor(private readonly deps: WechatPayDeps) {}

  async place(input: PlaceOrderInput): Promise<Extract<PayResponse, { provider: 'wechat' }>> {
    const { config } = this.deps;
    if (!input.openid) throw new ProviderError('JSAPI needs the payer openid');
    const body = JSON.stringify({
      appid: config.appId,
      mchid: config.mchId,
      description: input.description,
      out_trade_no: input.orderNo,
      notify_url: config.notifyUrl,
      amount: { total: input.amount, currency: input.currency },
      payer: { openid: input.openid },
    });
    const answer = await this.call('POST', JSAPI_PATH, body);
    const prepay = PrepaySchema.safeParse(answer);
    if (!prepay.success) throw new ProviderError('JSAPI answer without prepay_id');
    return { provider: 'wechat', response: this.jsapiParams(prepay.data.prepay_id) };
  }

  /** The parameters of getBrandWCPayRequest, signed with the merchant key. */
  jsapiParams(prepayId: string): WechatJsapiParams {
    const { config, keys, clock } = this.deps;
    const timeStamp = seconds(clock.now());
    const nonce = nonceStr();
    const pkg = `prepay_id=${prepayId}`;
    return {
      appId: config.appId,
      timeStamp,
      nonceStr: nonce,
      package: pkg,
      signType: 'RSA',
      paySign: rsaSign(jsapiMessage(config.appId, timeStamp, nonce, pkg), keys.privateKey),
    };
  }

  /** One signed call to the v3 API; answers the parsed JSON body after verifying the answer's signature. */
  private async call(method: 'GET' | 'POST', apiPath: string, body: string): Promise<unknown> {
    const { config, keys, clock } = this.deps;
    const url = new URL(`${config.apiBase}${apiPath}`);
    const timestamp = seconds(clock.now());
    const nonce = nonceStr();
    const signature = rsaSign(
      requestMessage(method, url.pathname + url.search, timestamp, nonce, body),
      keys.privateKey,
    );
    let response: Response;
    let text: string;
    try {
      response = await (this.deps.fetch ?? fetch)(url, {
        method,
        headers: {
          Authorization: authorizationHeader({
            mchid: config.mchId,
            nonce_str: nonce,
            signature,
            timestamp,
            serial_no: config.merchantSerial,
          }),
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'User-Agent': 'PetHeart-API/1.0',
        },
        ...(method === 'POST' ? { body } : {}),
        signal: AbortSignal.timeout(this.deps.timeoutMs ?? 10_000),
      });
      text = await response.text();
    } catch (error) {
      throw new ProviderError(`${method} ${apiPath}: ${String(error)}`, { cause: error });
    }
    if (!response.ok)
      throw new ProviderError(`${method} ${apiPath}: HTTP ${String(response.status)} ${text.slice(0, 500)}`);
    const h = (name: string) => response.headers.get(name) ?? undefined;
    const headers = { ts: h('wechatpay-timestamp'), nonce: h('wechatpay-nonce'), sig: h('wechatpay-signature') };
    if (!headers.ts || !headers.nonce || !headers.sig) throw new ProviderError(`${apiPath}: unsigned answer`);
    if (h('wechatpay-serial')?.toUpperCase() !== keys.platformSerial)
      throw new ProviderError(`${apiPath}: answer signed with an unknown key`);
    if (!withinWindow(headers.ts, clock.now())) throw new ProviderError(`${apiPath}: stale answer`);
    if (!rsaVerify(responseMessage(headers.ts, headers.nonce, text), headers.sig, keys.platformKey))
      throw new ProviderError(`${apiPath}: the answer's signature does not verify`);
    try {
      return text ? (JSON.parse(text) as unknown) : {};
    } catch (error) {
      throw new ProviderError(`${apiPath}: answer is not JSON`, { cause: error });
    }
  }

  verify(n: IncomingNotification): PaymentEvent {
    const { config, keys, clock } = this.deps;
    const timestamp = headerOf(n, 'wechatpay-timestamp');
    const nonce = headerOf(n, 'wechatpay-nonce');
    const signature = headerOf(n, 'wechatpay-signature');
    const serial = headerOf(n, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) throw new NotificationRejected('missing_headers');
    if (serial.toUpperCase() !== keys.platformSerial) throw new NotificationRejected('unknown_serial');
    if (!withinWindow(timestamp, clock.now())) throw new NotificationRejected('stale_timestamp');
    if (!rsaVerify(responseMessage(timestamp, nonce, n.body), signature, keys.platformKey))
      throw new NotificationRejected('bad_signature');
    let notification: z.infer<typeof NotificationSchema>;
    try {
      notification = NotificationSchema.parse(JSON.parse(n.body));
    } catch {
      throw new NotificationRejected('malformed');
    }
    let plaintext: string;
    try {
      plaintext = decryptResource(notification.resource, keys.apiV3Key);
    } catch {
      throw new NotificationRejected('decrypt_failed');
    }
    let tx: z.infer<typeof TransactionSchema>;
    try {
      tx = TransactionSchema.parse(JSON.parse(plaintext));
    } catch {
      throw new NotificationRejected('malformed');
    }
    if (tx.mchid !== config.mchId || tx.appid !== config.appId) throw new NotificationRejected('wrong_merchant');
    const paid = notification.event_type === 'TRANSACTION.SUCCESS' && tx.trade_state === 'SUCCESS';
    const closed = ['CLOSED', 'REVOKED'].includes(tx.trade_state);
    return {
      eventId: notification.id,
      kind: paid ? 'paid' : closed ? 'closed' : 'ignored',
      orderNo: tx.out_trade_no,
      transactionId: tx.transaction_id ?? null,
      amount: tx.amount.total,
      currency: tx.amount.currency ?? 'CNY',
      payerId: tx.payer?.openid ?? null,
      paidAt: paid && tx.success_time ? new Date(tx.success_time) : null,
    };
  }
}
