import { describe, expect, it } from 'vitest';
import type { PostView } from './repository';
import { PostSharePreview } from './share-preview';

const view = (over: Partial<PostView['post']> = {}): PostView =>
  ({
    post: {
      id: 12,
      content: 'Mochi finally ate from the new bowl today. '.repeat(8),
      images: ['/uploads/20260101/mochi.jpg', '/uploads/20260101/bowl.jpg'],
      status: 'res',
      ...over,
    },
    author: { id: 3, nickname: 'Leo', avatar: '' },
    device: null,
  }) as unknown as PostView;

const previews = (v: PostView) =>
  new PostSharePreview({
    posts: { view: (id) => Promise.resolve(id === 12 ? v : undefined) },
    publicUrl: 'https://petheart.example',
    assetHost: '',
  });

describe('a shared post’s link preview', () => {
  it('gives a published post’s author, words (cut short) and first picture', async () => {
    const preview = await previews(view()).preview('/pages/community/detail?id=12');
    expect(preview?.title).toMatch(/^Leo: Mochi finally ate from the new bowl today\. .{1,20}… - PetHeart$/);
    expect(preview?.description).toHaveLength(200);
    expect(preview?.image).toBe('https://petheart.example/uploads/20260101/mochi.jpg');
    expect(preview?.url).toBe('https://petheart.example/pages/community/detail?id=12');
  });

  it('says what a post of pictures only is, in the link’s language; the words stay as written', async () => {
    expect(await previews(view({ content: '' })).preview('/pages/community/detail?id=12', 'zh-CN')).toMatchObject({
      title: 'Leo：PetHeart 社区的一条动态。 - PetHeart',
      description: 'PetHeart 社区的一条动态。',
    });
    const ja = await previews(view()).preview('/pages/community/detail?id=12', 'ja');
    expect(ja?.title).toMatch(/^Leo：Mochi finally ate/);
    expect(ja?.description).toMatch(/^Mochi finally ate/);
  });

  it('has none for a post waiting for review or rejected, an unknown id, or another page', async () => {
    expect(await previews(view({ status: 'ped' })).preview('/pages/community/detail?id=12')).toBeUndefined();
    expect(await previews(view({ status: 'rej' })).preview('/pages/community/detail?id=12')).toBeUndefined();
    expect(await previews(view()).preview('/pages/community/detail?id=13')).toBeUndefined();
    expect(await previews(view()).preview('/pages/community/detail?id=1e3')).toBeUndefined();
    expect(await previews(view()).preview('/pages/community/community?id=12')).toBeUndefined();
  });
});
