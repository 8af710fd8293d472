import { z } from 'zod';
import type { Clock } from '../../lib/clock';

export interface WechatApiConfig {
  appId: string;
  secret: string;
  /** https://api.weixin.qq.com (WECHAT_API_URL; tests: a local stand-in). */
  apiUrl: string;
  clock: Clock;
  /** Gives up on one request after this long (ms). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** What WeChat answers: the token or ticket with its lifetime in seconds, or an errcode and errmsg. */
const TokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive() });
const TicketAnswer = z.object({
  errcode: z.literal(0).optional(),
  ticket: z.string().min(1),
  expires_in: z.number().int().positive(),
});
const ErrorAnswer = z.object({ errcode: z.number().int(), errmsg: z.string().optional() });

/** errcodes that say the access_token is no longer good (invalid, expired, not the latest). */
const STALE_TOKEN = new Set([40001, 40014, 42001]);
/** Renewed this long before WeChat says they expire (other processes, clock skew). */
const MARGIN_MS = 5 * 60_000;

/** WeChat said no (errcode and errmsg), or did not answer. */
export class WechatApiError extends Error {
  constructor(
    message: string,
    readonly errcode?: number,
  ) {
    super(message);
    this.name = 'WechatApiError';
  }
}

interface Kept {
  value: string;
  until: number;
}

/**
 * The official account's jsapi_ticket (WeChat JS-SDK), from its access_token: both kept until shortly before they
 * expire (7200 s each), one request at a time. The token is the stable one (`/cgi-bin/stable_token`): asking for it
 * never invalidates the token another API process holds, as `/cgi-bin/token` would.
 */
export class JsapiTickets {
  private token: Kept | undefined;
  private ticket: Kept | undefined;
  private pending: Promise<string> | undefined;

  constructor(private readonly config: WechatApiConfig) {}

  /** The current ticket (from the cache, or fetched once for every caller waiting). */
  async current(): Promise<string> {
    const now = this.config.clock.now().getTime();
    if (this.ticket && now < this.ticket.until) return this.ticket.value;
    this.pending ??= this.refresh().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async refresh(): Promise<string> {
    try {
      return await this.fetchTicket(await this.accessToken());
    } catch (error) {
      if (!(error instanceof WechatApiError) || !STALE_TOKEN.has(error.errcode ?? 0)) throw error;
      // The token went stale early (revoked, or reset in the console): a new one, once.
      this.token = undefined;
      return this.fetchTicket(await this.accessToken());
    }
  }

  private async accessToken(): Promise<string> {
    const now = this.config.clock.now().getTime();
    if (this.token && now < this.token.until) return this.token.value;
    const answer = await this.call('/cgi-bin/stable_token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credential',
        appid: this.config.appId,
        secret: this.config.secret,
        force_refresh: false,
      }),
    });
    const token = TokenAnswer.safeParse(answer);
    if (!token.success) throw this.failure('access_token', answer);
    this.token = { value: token.data.access_token, until: this.deadline(token.data.expires_in) };
    return token.data.access_token;
  }

  private async fetchTicket(accessToken: string): Promise<string> {
    const query = new URLSearchParams({ access_token: accessToken, type: 'jsapi' });
    const answer = await this.call(`/cgi-bin/ticket/getticket?${query.toString()}`, { method: 'GET' });
    const ticket = TicketAnswer.safeParse(answer);
    if (!ticket.success) throw this.failure('jsapi_ticket', answer);
    this.ticket = { value: ticket.data.ticket, until: this.deadline(ticket.data.expires_in) };
    return ticket.data.ticket;
  }

  private deadline(expiresIn: number): number {
    const life = expiresIn * 1000;
    return this.config.clock.now().getTime() + Math.max(life / 2, life - MARGIN_MS);
  }

  private failure(what: string, answer: unknown): WechatApiError {
    const error = ErrorAnswer.safeParse(answer);
    return error.success
      ? new WechatApiError(
          `${what}: errcode ${String(error.data.errcode)} ${error.data.errmsg ?? ''}`.trim(),
          error.data.errcode,
        )
      : new WechatApiError(`${what}: an answer WeChat does not give`);
  }

  private async call(path: string, init: RequestInit): Promise<unknown> {
    const doFetch = this.config.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(`${this.config.apiUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 5000),
      });
    } catch (error) {
      throw new WechatApiError(`no answer from WeChat: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok) throw new WechatApiError(`WeChat answered HTTP ${String(response.status)}`);
    try {
      return await response.json();
    } catch {
      throw new WechatApiError('WeChat answered something that is not JSON');
    }
  }
}
