import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_MAX_CHARS,
  PostCommentDeleteDataSchema,
  PostCommentSchema,
  PostCommentsDataSchema,
  PostListDataSchema,
  PostSchema,
  type Post,
} from '@petheart/contracts';
import { failure, okData } from './harness';
import { communityApi, type CommunityApi } from './post-support';

describe('post comments and the community list', () => {
  let c: CommunityApi;
  let post: Post;
  beforeAll(async () => {
    c = await communityApi();
    post = await c.publish(c.demo, { content: 'Dinner time at Xujiahui', device_id: 'PH-0003' });
    await c.approve(post.id);
  });
  afterAll(async () => {
    await c.close();
  });

  const comment = (token: string | undefined, content: string, id = post.id, lang?: string) => {
    c.api.clock.advance(3_001);
    return c.api.post('/api/post/comment', { id, content }, { token, ...(lang ? { lang } : {}) });
  };
  const comments = async (token?: string, page = 1, limit = 10) =>
    okData(await c.api.post('/api/post/comments', { id: post.id, page, limit }, { token }), PostCommentsDataSchema);

  it('adds comments to published posts, lists them newest first (tourists too) and counts them', async () => {
    const first = okData(await comment(c.friend, 'So cute!', post.id, 'en'), PostCommentSchema);
    expect(first).toMatchObject({ post_id: post.id, content: 'So cute!', mine: true, author: { nickname: 'Friend' } });
    const second = okData(await comment(c.admin, 'Thanks for feeding'), PostCommentSchema);
    const tourist = await comments();
    expect(tourist).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(tourist.list.map((x) => [x.id, x.mine])).toEqual([
      [second.id, false],
      [first.id, false],
    ]);
    expect((await comments(c.friend)).list.map((x) => x.mine)).toEqual([false, true]);
    expect((await comments(undefined, 2, 1)).list.map((x) => x.id)).toEqual([first.id]);
    expect(okData(await c.api.post('/api/post/detail', { id: post.id }), PostSchema).comment_count).toBe(2);
  });

  it('validates comments in the request’s language and needs a user and a published post', async () => {
    expect(failure(await comment(c.friend, '  ', post.id, 'en'), 400, 'validation_failed').msg).toBe(
      'Please enter the comment',
    );
    expect(failure(await comment(c.friend, '', post.id, 'zh-CN'), 400, 'validation_failed').msg).toBe('请输入评论');
    expect(
      failure(await comment(c.friend, 'x'.repeat(COMMENT_MAX_CHARS + 1), post.id, 'en'), 400, 'validation_failed').msg,
    ).toBe('A comment can be at most 500 characters');
    failure(await comment(undefined, 'Hi'), 401, 'login_required');
    const pending = await c.publish(c.friend, { content: 'Not yet reviewed', device_id: 'PH-0003' });
    failure(await comment(c.friend, 'Hi', pending.id), 404, 'not_found');
    failure(await c.api.post('/api/post/comments', { id: pending.id }), 404, 'not_found');
    // Its author may read its (empty) comments.
    expect(
      okData(await c.api.post('/api/post/comments', { id: pending.id }, { token: c.friend }), PostCommentsDataSchema)
        .total,
    ).toBe(0);
  });

  it('rate limits commenting per user', async () => {
    okData(await comment(c.demo, 'One'), PostCommentSchema);
    const refused = failure(
      await c.api.post('/api/post/comment', { id: post.id, content: 'Two' }, { token: c.demo }),
      429,
      'comment_too_fast',
    );
    expect(refused.data.retry_after).toBeGreaterThan(0);
    // Another user is not held back.
    okData(
      await c.api.post('/api/post/comment', { id: post.id, content: 'Mine' }, { token: c.friend }),
      PostCommentSchema,
    );
    // Ten a minute at most, even spaced out.
    c.api.clock.advance(60_000);
    for (let i = 0; i < 10; i++) okData(await comment(c.admin, `n${String(i)}`), PostCommentSchema);
    failure(await comment(c.admin, 'eleventh'), 429, 'comment_too_fast');
    c.api.clock.advance(60_000);
    okData(await comment(c.admin, 'later'), PostCommentSchema);
  });

  it('deletes only the user’s own comments', async () => {
    const own = okData(await comment(c.friend, 'Typo'), PostCommentSchema);
    const before = okData(await c.api.post('/api/post/detail', { id: post.id }), PostSchema).comment_count;
    failure(await c.api.post('/api/post/commentDelete', { id: own.id }, { token: c.demo }), 403, 'forbidden');
    const deleted = okData(
      await c.api.post('/api/post/commentDelete', { id: own.id }, { token: c.friend }),
      PostCommentDeleteDataSchema,
    );
    expect(deleted).toEqual({ id: own.id, post_id: post.id });
    failure(await c.api.post('/api/post/commentDelete', { id: own.id }, { token: c.friend }), 404, 'not_found');
    expect((await comments()).list.map((x) => x.id)).not.toContain(own.id);
    expect(okData(await c.api.post('/api/post/detail', { id: post.id }), PostSchema).comment_count).toBe(before - 1);
  });

  it('shows an approval in the community at once, though the first pages are shared for a moment', async () => {
    const list = async () => okData(await c.api.post('/api/post/list', {}), PostListDataSchema);
    const before = await list();
    const fresh = await c.publish(c.friend, { content: 'Brand new', device_id: 'PH-0003' });
    // Within the cache's lifetime a new approval still shows on the next read.
    await c.approve(fresh.id);
    const after = await list();
    expect(after.total).toBe(before.total + 1);
    expect(after.list[0]?.id).toBe(fresh.id);
    // And a rejection of a published post takes it away at once.
    await c.reject(fresh.id, 'Duplicate');
    expect((await list()).list.map((p) => p.id)).not.toContain(fresh.id);
  });
});
