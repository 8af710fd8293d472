import { AdminPostSchema, PostSchema, UploadDataSchema, type Post, type UploadData } from '@petheart/contracts';
import { posts } from '../src/db/schema';
import { makeJpeg } from './fixtures/images';
import { multipartBody } from './fixtures/multipart';
import { DEMO, createTestApi, loginToken, okData, type CallOptions, type TestApi } from './harness';

/** A test API with the demo users signed in and no posts (the demo seed's posts removed). */
export interface CommunityApi {
  api: TestApi;
  demo: string;
  friend: string;
  admin: string;
  /** User ids behind the tokens. */
  ids: { demo: number; friend: number; admin: number };
  upload(token: string): Promise<UploadData>;
  /** Publishes as the token's user (the clock moves on first: 3 a minute never trip the rate limit). */
  publish(token: string, body: Record<string, unknown>, options?: CallOptions): Promise<Post>;
  approve(id: number): Promise<Post>;
  reject(id: number, remark: string): Promise<Post>;
  close(): Promise<void>;
}

export async function communityApi(): Promise<CommunityApi> {
  const api = await createTestApi();
  await api.container.database.db.delete(posts);
  const login = async (account: { email: string; password: string }) => {
    const token = await loginToken(api, account.email, account.password);
    const me = await api.get('/api/user/index', { token });
    return { token, id: (me.body.data as { userinfo: { id: number } }).userinfo.id };
  };
  const [demo, friend, admin] = [await login(DEMO.user), await login(DEMO.friend), await login(DEMO.admin)];
  return {
    api,
    demo: demo.token,
    friend: friend.token,
    admin: admin.token,
    ids: { demo: demo.id, friend: friend.id, admin: admin.id },
    async upload(token) {
      const { payload, headers } = multipartBody({ data: await makeJpeg() });
      const r = await api.app.inject({
        method: 'POST',
        url: '/api/common/upload',
        payload,
        headers: { ...headers, token },
      });
      return okData({ status: r.statusCode, body: r.json(), headers: r.headers }, UploadDataSchema);
    },
    async publish(token, body, options = {}) {
      api.clock.advance(20_001);
      return okData(await api.post('/api/post/publish', body, { ...options, token }), PostSchema);
    },
    async approve(id) {
      return okData(await api.post('/api/admin/post/approve', { id }, { token: admin.token }), AdminPostSchema);
    },
    async reject(id, remark) {
      return okData(await api.post('/api/admin/post/reject', { id, remark }, { token: admin.token }), AdminPostSchema);
    },
    close: () => api.close(),
  };
}
