import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchDataSchema, type SearchData } from '@petheart/contracts';
import { bases } from '../src/db/schema';
import { failure, okData } from './harness';
import { communityApi, type CommunityApi } from './post-support';

describe('search', () => {
  let c: CommunityApi;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    c = await communityApi();
    // A base is found by its address only when its location is public (decision 037): the demo bases publish it here.
    await c.api.container.database.db.update(bases).set({ locationPublic: true });
    const texts = {
      percent: 'Fed them 100% of the bowl',
      hundred: 'Fed them 100 grams',
      underscore: 'A cat named snake_case',
      plain: 'A cat named snakeXcase',
      bund: 'Morning at the river',
    };
    for (const [key, content] of Object.entries(texts)) {
      const post = await c.publish(c.demo, { content, device_id: key === 'bund' ? 'PH-0001' : 'PH-0005' });
      await c.approve(post.id);
      ids[key] = post.id;
    }
    // Pending and rejected posts are never found.
    await c.publish(c.demo, { content: 'Pending snake_case 100%', device_id: 'PH-0005' });
    const rejected = await c.publish(c.friend, { content: 'Rejected snake_case 100%', device_id: 'PH-0005' });
    await c.reject(rejected.id, 'No');
  });
  afterAll(async () => {
    await c.close();
  });

  const search = async (body: Record<string, unknown>, token?: string): Promise<SearchData> =>
    okData(await c.api.post('/api/search/search', body, { token }), SearchDataSchema);

  it('finds live rooms, bases and published posts by keyword (tourists too)', async () => {
    const found = await search({ keyword: 'bund' });
    expect(found.live.map((r) => r.device_id)).toEqual(['PH-0001', 'PH-0002']);
    expect(found.live[0]).toMatchObject({ name: 'Bund Feeder A', base_name: 'Bund Riverside Cat Corner' });
    expect(found.bases.map((b) => b.name)).toEqual(['Bund Riverside Cat Corner']);
    // A post matches by its text or its device's name.
    expect(found.posts.map((p) => p.id)).toEqual([ids.bund]);
    expect(found.totals).toEqual({ live: 2, bases: 1, posts: 1 });
    expect(found.total).toBe(4);
    // A base by its address, and its room with it.
    const tokyo = await search({ keyword: 'Tokyo' });
    expect(tokyo.bases.map((b) => b.name)).toEqual(['Yanaka Cat Street']);
    expect(tokyo.live.map((r) => r.device_id)).toEqual(['PH-0007']);
    expect(tokyo.posts).toEqual([]);
  });

  it('matches % and _ literally', async () => {
    expect((await search({ keyword: '%', type: 'post' })).posts.map((p) => p.id)).toEqual([ids.percent]);
    expect((await search({ keyword: '100%', type: 'post' })).posts.map((p) => p.id)).toEqual([ids.percent]);
    expect((await search({ keyword: 'e_c', type: 'post' })).posts.map((p) => p.id)).toEqual([ids.underscore]);
    expect((await search({ keyword: '\\', type: 'all' })).total).toBe(0);
    const both = await search({ keyword: 'snake', type: 'post' });
    expect(both.posts.map((p) => p.id)).toEqual([ids.plain, ids.underscore]);
  });

  it('pages one list with its total, the others left empty', async () => {
    const second = await search({ keyword: 'bund', type: 'live', page: 2, limit: 1 });
    expect(second).toMatchObject({ page: 2, limit: 1, total: 2, totals: { live: 2, bases: 0, posts: 0 } });
    expect(second.live.map((r) => r.device_id)).toEqual(['PH-0002']);
    expect(second.bases).toEqual([]);
    expect(second.posts).toEqual([]);
    const posts = await search({ keyword: 'fed', type: 'post', page: 1, limit: 1 });
    expect(posts).toMatchObject({ total: 2, totals: { posts: 2 } });
    expect(posts.posts.map((p) => p.id)).toEqual([ids.hundred]);
    const bases = await search({ keyword: 'Shanghai', type: 'base', limit: 2, page: 2 });
    expect(bases.totals.bases).toBe(4);
    expect(bases.bases).toHaveLength(2);
    // For 'all' the first page of each, whatever page was asked.
    expect((await search({ keyword: 'Shanghai', page: 3, limit: 2 })).page).toBe(1);
  });

  it('shows the signed-in reader’s likes and own posts', async () => {
    await c.api.post('/api/post/like', { id: ids.bund, like: true }, { token: c.friend });
    const [post] = (await search({ keyword: 'river', type: 'post' }, c.friend)).posts;
    expect(post).toMatchObject({ id: ids.bund, liked: true, like_count: 1, mine: false });
    expect((await search({ keyword: 'river', type: 'post' }, c.demo)).posts[0]?.mine).toBe(true);
  });

  it('asks for a keyword in the request’s language', async () => {
    const ask = (body: Record<string, unknown>, lang: string) => c.api.post('/api/search/search', body, { lang });
    expect(failure(await ask({ keyword: ' ' }, 'en'), 400, 'validation_failed').msg).toBe('Please enter a keyword');
    expect(failure(await ask({}, 'zh-TW'), 400, 'validation_failed').msg).toBe('請輸入關鍵字');
    failure(await ask({ keyword: 'cat', type: 'users' }, 'en'), 400, 'validation_failed');
  });
});
