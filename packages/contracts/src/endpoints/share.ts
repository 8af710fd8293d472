import { post } from '../endpoint';
import { WechatShareBodySchema, WechatShareConfigSchema } from '../share';

/** /api/share/wechat: the JS-SDK signature a page inside WeChat configures its share card with (issue 29 §4). */
export const shareEndpoints = {
  wechat: post('/api/share/wechat', {
    auth: 'none',
    tag: 'share',
    summary:
      'The WeChat JS-SDK configuration (app id, timestamp, nonce, signature) for a page of this site; null when WECHAT_APPID and WECHAT_SECRET are not set',
    input: WechatShareBodySchema,
    data: WechatShareConfigSchema,
  }),
};
