import { UploadDataSchema, type UploadData } from '@petheart/contracts';
import { makeJpeg } from './fixtures/images';
import { multipartBody } from './fixtures/multipart';
import { DEMO, createTestApi, loginToken, okData, type TestApi } from './harness';

/** A test API with the demo content seeded (drawings, pages, pets), and tokens for an admin and a user. */
export async function createContentApi(): Promise<{ api: TestApi; admin: string; user: string }> {
  const api = await createTestApi({ env: { SEED_DEMO_CONTENT: 'true' } });
  const [admin, user] = await Promise.all([
    loginToken(api, DEMO.admin.email, DEMO.admin.password),
    loginToken(api, DEMO.user.email, DEMO.user.password),
  ]);
  return { api, admin, user };
}

/** Uploads a small JPEG as this user (POST /api/common/upload). */
export async function uploadImage(api: TestApi, token: string): Promise<UploadData> {
  const { payload, headers } = multipartBody({ data: await makeJpeg() });
  const r = await api.app.inject({
    method: 'POST',
    url: '/api/common/upload',
    payload,
    headers: { ...headers, token },
  });
  return okData({ status: r.statusCode, body: r.json(), headers: r.headers }, UploadDataSchema);
}

/** The four languages, each with its own text (so a test sees which one it got). */
export const fourLanguages = (text: string) => ({
  en: `${text} (en)`,
  ja: `${text} (ja)`,
  'zh-CN': `${text} (zh-CN)`,
  'zh-TW': `${text} (zh-TW)`,
});
