import { z } from 'zod';
import { IntSchema, StringSchema } from './fields';

/**
 * Sharing inside WeChat (issue 29 §4): the JS-SDK's `wx.config` needs a signature of the page's address made
 * with the official account's jsapi_ticket, which only the server may hold.
 */

/** POST /api/share/wechat: the page's address as the browser shows it (without its #fragment). */
export const WechatShareBodySchema = z.object({ url: z.url({ error: 'v.invalid' }).max(2048, { error: 'v.invalid' }) });
export type WechatShareBody = z.infer<typeof WechatShareBodySchema>;

/** What `wx.config` takes (appId, timestamp, nonceStr, signature); null when WeChat sharing is not configured. */
export const WechatShareConfigSchema = z
  .object({
    app_id: StringSchema,
    /** Unix seconds. */
    timestamp: IntSchema,
    nonce_str: StringSchema,
    /** sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, hex. */
    signature: StringSchema,
  })
  .nullable();
export type WechatShareConfig = z.infer<typeof WechatShareConfigSchema>;
