import type { WechatShareConfig } from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { JsapiTickets } from './jsapi-ticket';
import { jsapiSignature, nonceStr, signedUrl } from './signature';

export interface WechatShareDeps {
  /** Undefined when WECHAT_APPID and WECHAT_SECRET are not both set: pages keep the messenger's own menu hint. */
  wechat: { appId: string; tickets: Pick<JsapiTickets, 'current'> } | undefined;
  /** The app's public origin (PUBLIC_URL): only its pages are signed. */
  publicUrl: string;
  clock: Clock;
  /** After WeChat failed, callers are told so at once for this long instead of asking it again (ms). */
  retryAfterMs: number;
  onError?: (error: unknown) => void;
}

/**
 * The WeChat JS-SDK configuration of a page (issue 29 §4): its address signed with the jsapi_ticket, so the page can
 * set the card WeChat's share menu sends. Only this site's pages are signed; a ticket WeChat would not give is
 * `share_unavailable` (409), said at once for a while after each failure so tourists cannot make the API hammer
 * WeChat's.
 */
export class WechatShareService {
  private failedUntil = 0;

  constructor(private readonly deps: WechatShareDeps) {}

  async config(pageUrl: string): Promise<WechatShareConfig> {
    const { wechat } = this.deps;
    if (!wechat) return null;
    const url = signedUrl(pageUrl);
    if (new URL(url).origin !== new URL(this.deps.publicUrl).origin) throw new AppError('validation_failed');
    const now = this.deps.clock.now().getTime();
    if (now < this.failedUntil) throw new AppError('share_unavailable');
    let ticket: string;
    try {
      ticket = await wechat.tickets.current();
    } catch (error) {
      this.failedUntil = this.deps.clock.now().getTime() + this.deps.retryAfterMs;
      this.deps.onError?.(error);
      throw new AppError('share_unavailable');
    }
    const timestamp = Math.floor(this.deps.clock.now().getTime() / 1000);
    const nonce = nonceStr();
    return {
      app_id: wechat.appId,
      timestamp,
      nonce_str: nonce,
      signature: jsapiSignature({ ticket, nonceStr: nonce, timestamp, url }),
    };
  }
}
