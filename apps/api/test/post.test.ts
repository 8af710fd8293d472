import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POST_MAX_CHARS,
  POST_MAX_IMAGES,
  PostDeleteDataSchema,
  PostLikeDataSchema,
  PostListDataSchema,
  PostSchema,
} from '@petheart/contracts';
import { eq } from 'drizzle-orm';
import { liveClips, postComments, postLikes, posts } from '../src/db/schema';
import { seedDemoPosts } from '../src/seed/demo-posts';
import { failure, okData } from './harness';
import { communityApi, type CommunityApi } from './post-support';

describe('community posts', () => {
  let c: CommunityApi;
  beforeAll(async () => {
    c = await communityApi();
  });
  afterAll(async () => {
    await c.close();
  });

  const list = async (token?: string, page = 1, limit = 10) =>
    okData(await c.api.post('/api/post/list', { page, limit }, { token }), PostListDataSchema);
  const mine = async (token: string) => okData(await c.api.post('/api/post/mine', {}, { token }), PostListDataSchema);
  const detail = (id: number, token?: string) => c.api.post('/api/post/detail', { id }, { token });

  it('validates the form with the specification’s messages, in the request’s language', async () => {
    const post = (body: Record<string, unknown>, lang: string) =>
      c.api.post('/api/post/publish', body, { token: c.demo, lang });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ content: '  ', device_id: 'PH-0001' }, 'en', 'Please enter the content'],
      [{ device_id: 'PH-0001' }, 'zh-CN', '请输入内容'],
      [{ content: 'Cats!' }, 'en', 'Please select the device'],
      [{ content: 'Cats!', device_id: '' }, 'ja', 'デバイスを選択してください'],
      [
        { content: 'x'.repeat(POST_MAX_CHARS + 1), device_id: 'PH-0001' },
        'en',
        'The content can be at most 2000 characters',
      ],
      [
        { content: 'Cats!', device_id: 'PH-0001', images: Array(POST_MAX_IMAGES + 1).fill('/uploads/a.jpg') },
        'zh-TW',
        '最多只能新增9張圖片',
      ],
    ];
    for (const [body, lang, msg] of cases) {
      expect(failure(await post(body, lang), 400, 'validation_failed').msg).toBe(msg);
    }
    failure(await c.api.post('/api/post/publish', { content: 'x', device_id: 'PH-0001' }), 401, 'login_required');
    expect(await c.api.container.database.db.select().from(posts)).toEqual([]);
  });

  it('publishes with the author’s own images as pending: in My posts, not in the community', async () => {
    const [a, b] = [await c.upload(c.demo), await c.upload(c.demo)];
    const post = await c.publish(c.demo, {
      content: 'Two kittens at the Bund today',
      images: [a.url, b.fullurl],
      device_id: 'PH-0001',
    });
    expect(post).toMatchObject({
      content: 'Two kittens at the Bund today',
      images: [a.url, b.url],
      video_url: null,
      device: { id: 'PH-0001', name: 'Bund Feeder A', base_name: 'Bund Riverside Cat Corner' },
      status: 'ped',
      remark: '',
      like_count: 0,
      comment_count: 0,
      liked: false,
      published_at: null,
      author: { id: c.ids.demo, nickname: 'Demo' },
      mine: true,
    });
    expect((await mine(c.demo)).list.map((p) => [p.id, p.status])).toEqual([[post.id, 'ped']]);
    expect((await list()).total).toBe(0);
    // Only its author (and admins) see it before review.
    expect(okData(await detail(post.id, c.demo), PostSchema).status).toBe('ped');
    failure(await detail(post.id), 404, 'not_found');
    failure(await detail(post.id, c.friend), 404, 'not_found');
    expect(okData(await detail(post.id, c.admin), PostSchema).mine).toBe(false);
  });

  it('refuses images that are not the author’s uploads, unknown devices and other users’ clips', async () => {
    const before = (await c.api.container.database.db.select().from(posts)).length;
    const friends = await c.upload(c.friend);
    c.api.clock.advance(20_001);
    for (const images of [[friends.url], ['https://elsewhere.example/cat.jpg'], ['/uploads/../x.jpg']]) {
      failure(
        await c.api.post('/api/post/publish', { content: 'x', images, device_id: 'PH-0001' }, { token: c.demo }),
        400,
        'validation_failed',
      );
    }
    failure(
      await c.api.post('/api/post/publish', { content: 'x', device_id: 'PH-9999' }, { token: c.demo }),
      404,
      'not_found',
    );
    // A clip: the author's own, from the selected device.
    const { db } = c.api.container.database;
    const clip = { id: randomUUID(), deviceId: 'PH-0001', path: 'clips/bund.mp4', durationMs: 15_000, bytes: 1 };
    await db.insert(liveClips).values([
      { ...clip, userId: c.ids.friend },
      { ...clip, id: randomUUID(), userId: c.ids.demo, deviceId: 'PH-0002' },
    ]);
    for (const clipId of [clip.id, randomUUID(), 'not-a-uuid']) {
      failure(
        await c.api.post(
          '/api/post/publish',
          { content: 'x', device_id: 'PH-0001', clip_id: clipId },
          { token: c.demo },
        ),
        400,
        'validation_failed',
      );
    }
    expect((await db.select().from(posts)).length).toBe(before);
    const own = randomUUID();
    await db.insert(liveClips).values({ ...clip, id: own, userId: c.ids.demo });
    const video = await c.publish(c.demo, { content: 'Feeding time', device_id: 'PH-0001', clip_id: own });
    expect(video.video_url).toBe(`${c.api.config.assetHost}/uploads/clips/bund.mp4`);
  });

  it('shows approved posts to everyone, newest published first, with paging', async () => {
    const mineNow = (await mine(c.demo)).list;
    const [video, photos] = mineNow;
    if (!video || !photos) throw new Error('expected two posts');
    await c.approve(photos.id);
    c.api.clock.advance(1_000);
    await c.approve(video.id);
    const tourist = await list();
    expect(tourist.list.map((p) => p.id)).toEqual([video.id, photos.id]);
    expect(tourist.list.every((p) => !p.mine && !p.liked && p.status === 'res')).toBe(true);
    expect(tourist.total).toBe(2);
    const second = await list(undefined, 2, 1);
    expect(second).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(second.list.map((p) => p.id)).toEqual([photos.id]);
    expect(okData(await detail(photos.id), PostSchema).published_at).toBeGreaterThan(0);
    expect((await list(c.demo)).list.every((p) => p.mine)).toBe(true);
  });

  it('refuses another user’s edit and delete, and changes nothing', async () => {
    const target = (await mine(c.demo)).list[0];
    if (!target) throw new Error('expected a post');
    const edit = { id: target.id, content: 'Hijacked', images: [], device_id: 'PH-0003' };
    failure(await c.api.post('/api/post/update', edit, { token: c.friend }), 403, 'forbidden');
    failure(await c.api.post('/api/post/delete', { id: target.id }, { token: c.friend }), 403, 'forbidden');
    failure(await c.api.post('/api/post/update', edit), 401, 'login_required');
    failure(await c.api.post('/api/post/delete', { id: 999_999 }, { token: c.friend }), 404, 'not_found');
    const after = okData(await detail(target.id), PostSchema);
    expect(after).toMatchObject({ content: target.content, status: 'res', device: { id: target.device?.id } });
  });

  it('rejects with a remark the author sees; an edit clears it and goes back to review', async () => {
    const post = await c.publish(c.friend, { content: 'Blurry photo', device_id: 'PH-0004' });
    await c.reject(post.id, 'The photo is too blurry');
    const rejected = okData(await detail(post.id, c.friend), PostSchema);
    expect(rejected).toMatchObject({ status: 'rej', remark: 'The photo is too blurry' });
    expect((await mine(c.friend)).list[0]).toMatchObject({
      id: post.id,
      status: 'rej',
      remark: 'The photo is too blurry',
    });
    failure(await detail(post.id, c.demo), 404, 'not_found');

    const edited = okData(
      await c.api.post(
        '/api/post/update',
        { id: post.id, content: 'A sharp photo now', images: [], device_id: 'PH-0004' },
        { token: c.friend, lang: 'en' },
      ),
      PostSchema,
    );
    expect(edited).toMatchObject({ id: post.id, status: 'ped', remark: '', content: 'A sharp photo now' });
    await c.approve(post.id);
    expect((await list()).list[0]).toMatchObject({ id: post.id, content: 'A sharp photo now', status: 'res' });
    // Editing a published post takes it out of the community until it is approved again.
    okData(
      await c.api.post(
        '/api/post/update',
        { id: post.id, content: 'Edited again', device_id: 'PH-0004' },
        { token: c.friend },
      ),
      PostSchema,
    );
    expect((await list()).list.map((p) => p.id)).not.toContain(post.id);
    await c.approve(post.id);
  });

  it('counts likes once per user however often they are sent', async () => {
    const post = (await list()).list[0];
    if (!post) throw new Error('expected a post');
    const like = (token: string, value: boolean) =>
      c.api.post('/api/post/like', { id: post.id, like: value }, { token });
    expect((await like(c.demo, true)).body.data).toEqual({ liked: true, like_count: 1 });
    expect((await like(c.demo, true)).body.data).toEqual({ liked: true, like_count: 1 });
    const both = await Promise.all([like(c.friend, true), like(c.friend, true)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await like(c.admin, true)).body.data).toEqual({ liked: true, like_count: 3 });
    expect((await like(c.admin, false)).body.data).toEqual({ liked: false, like_count: 2 });
    expect((await like(c.admin, false)).body.data).toEqual({ liked: false, like_count: 2 });
    expect(okData(await detail(post.id, c.demo), PostSchema)).toMatchObject({ liked: true, like_count: 2 });
    expect(okData(await detail(post.id, c.admin), PostSchema)).toMatchObject({ liked: false, like_count: 2 });
    expect(okData(await detail(post.id), PostSchema).liked).toBe(false);
    failure(await c.api.post('/api/post/like', { id: post.id, like: true }), 401, 'login_required');
    // Only published posts can be liked.
    const pending = await c.publish(c.demo, { content: 'Pending', device_id: 'PH-0001' });
    failure(await c.api.post('/api/post/like', { id: pending.id, like: true }, { token: c.demo }), 404, 'not_found');
  });

  it('stores text as given and returns it as text: no HTML escaping, none twice', async () => {
    const payloads = [
      '<script>alert("x")</script><img src=x onerror=alert(1)>',
      'Already escaped: &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; &#39;',
      "Robert'); DROP TABLE posts;-- \u202e\u200b? 🐱 猫 ねこ \r\n\ttabbed",
      '{{constructor.constructor("alert(1)")()}} ${7*7} javascript:alert(1)',
    ];
    for (const content of payloads) {
      const post = await c.publish(c.demo, { content, device_id: 'PH-0001' });
      expect(post.content).toBe(content);
      await c.approve(post.id);
      const raw = await c.api.app.inject({ method: 'POST', url: '/api/post/list', payload: {} });
      expect(raw.headers['content-type']).toMatch(/^application\/json/);
      const first = (JSON.parse(raw.body) as { data: { list: { content: string }[] } }).data.list[0];
      expect(first?.content).toBe(content);
      expect(Buffer.from(first?.content ?? '').equals(Buffer.from(content))).toBe(true);
      expect(okData(await detail(post.id), PostSchema).content).toBe(content);
      c.api.clock.advance(3_001);
      const comment = await c.api.post('/api/post/comment', { id: post.id, content }, { token: c.friend });
      expect((comment.body.data as { content: string }).content).toBe(content);
    }
    // PostgreSQL text cannot hold NUL: refused plainly, never a server error.
    failure(
      await c.api.post('/api/post/publish', { content: 'a\u0000b', device_id: 'PH-0001' }, { token: c.demo }),
      400,
      'validation_failed',
    );
    const stored = await c.api.container.database.db.select({ content: posts.content }).from(posts);
    expect(stored.map((p) => p.content)).toEqual(expect.arrayContaining(payloads));
    // The only HTML the API ever answers is its own JSON: no post text appears unescaped-as-markup anywhere.
    expect(stored.some((p) => p.content.includes('&amp;lt;'))).toBe(false);
  });

  it('rate limits publishing per user', async () => {
    c.api.clock.advance(60_001);
    const body = { content: 'Quick one', device_id: 'PH-0002' };
    for (let i = 0; i < 3; i++) okData(await c.api.post('/api/post/publish', body, { token: c.friend }), PostSchema);
    const refused = failure(await c.api.post('/api/post/publish', body, { token: c.friend }), 429, 'post_too_fast');
    expect(refused.msg).toBe('You are posting too fast, please wait a moment');
    expect(refused.data.retry_after).toBeGreaterThan(0);
    // Someone else may post meanwhile; the author may again once the window passed.
    okData(await c.api.post('/api/post/publish', body, { token: c.admin }), PostSchema);
    c.api.clock.advance((refused.data.retry_after ?? 60) * 1000);
    okData(await c.api.post('/api/post/publish', body, { token: c.friend }), PostSchema);
  });

  it('deletes the author’s own post with its likes and comments, at once gone from the community', async () => {
    const target = (await list()).list[0];
    if (!target) throw new Error('expected a post');
    expect(target.author.id).toBe(c.ids.demo);
    okData(await c.api.post('/api/post/like', { id: target.id, like: true }, { token: c.friend }), PostLikeDataSchema);
    expect(target.comment_count).toBeGreaterThan(0);
    const deleted = okData(
      await c.api.post('/api/post/delete', { id: target.id }, { token: c.demo, lang: 'en' }),
      PostDeleteDataSchema,
    );
    expect(deleted).toEqual({ id: target.id });
    expect((await list()).list.map((p) => p.id)).not.toContain(target.id);
    expect((await mine(c.demo)).list.map((p) => p.id)).not.toContain(target.id);
    failure(await detail(target.id, c.demo), 404, 'not_found');
    failure(await c.api.post('/api/post/delete', { id: target.id }, { token: c.demo }), 404, 'not_found');
    const { db } = c.api.container.database;
    expect(await db.select().from(posts).where(eq(posts.id, target.id))).toEqual([]);
    expect(await db.select().from(postLikes).where(eq(postLikes.postId, target.id))).toEqual([]);
    expect(await db.select().from(postComments).where(eq(postComments.postId, target.id))).toEqual([]);
  });

  it('seeds a living demo community once', async () => {
    const { db } = c.api.container.database;
    await db.delete(posts);
    await seedDemoPosts(c.api.container);
    await seedDemoPosts(c.api.container);
    const community = await list();
    expect(community.total).toBe(4);
    expect(community.list.map((p) => p.device?.id)).toEqual(['PH-0005', 'PH-0007', 'PH-0003', 'PH-0001']);
    expect(community.list[2]).toMatchObject({ like_count: 1, comment_count: 1 });
    const demoPosts = await mine(c.demo);
    expect(demoPosts.list.map((p) => p.status)).toEqual(['ped', 'res', 'res']);
  });
});
