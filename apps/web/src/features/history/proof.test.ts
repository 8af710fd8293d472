import { describe, expect, it } from 'vitest';
import { PROOF_POLLS, feedIdOf, postClipPath, proofLink, proofNeedsRefresh, proofPath, proofShareMode } from './proof';

const ID = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('a feed’s proof as the receipt shares it', () => {
  it('links to the public proof page on this origin', () => {
    expect(proofPath(ID)).toBe(`/pages/public/proof?id=${ID}`);
    expect(proofLink(ID, 'https://petheart.example')).toBe(`https://petheart.example/pages/public/proof?id=${ID}`);
  });

  it('reads a feed id from the page address, nothing else', () => {
    expect(feedIdOf(` ${ID.toUpperCase()} `)).toBe(ID);
    expect(feedIdOf('12')).toBeNull();
    expect(feedIdOf(null)).toBeNull();
  });

  it('asks again a few times while the clip is being prepared, then stops', () => {
    const pending = { state: 'pending' as const, url: '', duration_ms: 0 };
    expect(proofNeedsRefresh(pending, 1)).toBe(true);
    expect(proofNeedsRefresh(pending, PROOF_POLLS)).toBe(false);
    expect(proofNeedsRefresh({ state: 'ready', url: '/uploads/proofs/x.mp4', duration_ms: 9000 }, 1)).toBe(false);
    expect(proofNeedsRefresh(null, 1)).toBe(false);
  });

  it('shares through the share sheet, else copies the link, else shows it', () => {
    expect(proofShareMode({ share: () => undefined, clipboard: {} }, true)).toBe('sheet');
    expect(proofShareMode({ clipboard: {} }, true)).toBe('clipboard');
    expect(proofShareMode({ clipboard: {} }, false)).toBe('manual');
    expect(proofShareMode({}, true)).toBe('manual');
  });

  it('opens the publish form with the clip as a video post', () => {
    const clip = {
      id: ID,
      device_id: 'PH-0001',
      user_id: 1,
      nickname: 'Demo',
      url: `/uploads/clips/${ID}.mp4`,
      duration_ms: 9000,
      published: false,
      created_at: 1,
    };
    expect(postClipPath(clip)).toBe(
      `/pages/publish/publish?device_id=PH-0001&clip_id=${ID}&clip_url=%2Fuploads%2Fclips%2F${ID}.mp4`,
    );
    expect(postClipPath({ ...clip, url: `https://cdn.example/uploads/clips/${ID}.mp4` })).toBe(
      `/pages/publish/publish?device_id=PH-0001&clip_id=${ID}`,
    );
  });
});
