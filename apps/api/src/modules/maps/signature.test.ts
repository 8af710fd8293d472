import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedQuery, tencentSignature } from './signature';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

describe('the Tencent web service signature', () => {
  const SK = 'SWvT26ypwq5Nwb5RvS8cLi6NSoH8HlJX';

  it('is the md5 of path?sorted raw parameters followed by the SK, in lower-case hex', () => {
    const sig = tencentSignature('/ws/geocoder/v1', { location: '28.7033487,115.8660847', key: 'KEY-1' }, SK);
    expect(sig).toBe(md5(`/ws/geocoder/v1?key=KEY-1&location=28.7033487,115.8660847${SK}`));
    expect(sig).toMatch(/^[0-9a-f]{32}$/);
  });

  it('signs raw values (Chinese, spaces, commas) but sends them URL-encoded', () => {
    const params = { keyword: '猫 咖', boundary: 'nearby(31.2,121.4,1000,1)', key: 'K' };
    const query = signedQuery('/ws/place/v1/search', params, SK);
    const sent = new URLSearchParams(query);
    expect(sent.get('keyword')).toBe('猫 咖');
    expect(query).toContain('keyword=%E7%8C%AB%20%E5%92%96');
    expect(sent.get('sig')).toBe(
      md5(`/ws/place/v1/search?boundary=nearby(31.2,121.4,1000,1)&key=K&keyword=猫 咖${SK}`),
    );
  });

  it('sends no sig without a secret key', () => {
    expect(new URLSearchParams(signedQuery('/ws/geocoder/v1', { address: 'x', key: 'K' }, undefined)).has('sig')).toBe(
      false,
    );
  });
});
