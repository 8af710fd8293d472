import { describe, expect, it } from 'vitest';
import { jsapiSignature, nonceStr, signedUrl } from './signature';

describe('the WeChat JS-SDK signature', () => {
  it('is the documented example’s (JS-SDK documentation, appendix 1)', () => {
    expect(
      jsapiSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the address without its #fragment, with a fresh nonce of letters and digits', () => {
    expect(signedUrl('https://pet.example/pages/live/live?device_id=PH-0001&lang=ja#top')).toBe(
      'https://pet.example/pages/live/live?device_id=PH-0001&lang=ja',
    );
    expect(nonceStr()).toMatch(/^[0-9a-f]{16}$/);
    expect(nonceStr()).not.toBe(nonceStr());
  });
});
