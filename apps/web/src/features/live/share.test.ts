import { describe, expect, it } from 'vitest';
import { isMessenger, shareMode, shareUrl } from './share';

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('share decision', () => {
  it('inside the messenger: the top-right menu hint, even with a clipboard', () => {
    expect(isMessenger(WECHAT)).toBe(true);
    expect(shareMode(WECHAT, true)).toBe('messenger');
  });

  it('elsewhere: copy the link, or show it when the clipboard cannot be written', () => {
    expect(isMessenger(SAFARI)).toBe(false);
    expect(shareMode(SAFARI, true)).toBe('clipboard');
    expect(shareMode(SAFARI, false)).toBe('manual');
  });

  it('shares absolute addresses', () => {
    expect(shareUrl('/pages/live/live?device_id=PH-0001', 'https://pet.example')).toBe(
      'https://pet.example/pages/live/live?device_id=PH-0001',
    );
    expect(shareUrl('https://cdn.example/c.mp4', 'https://pet.example')).toBe('https://cdn.example/c.mp4');
  });
});
