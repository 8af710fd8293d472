import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificateLinkDataSchema, PublicCertificateSchema } from '@petheart/contracts';
import { bases, users } from '../src/db/schema';
import type { TestDevice } from './devices-support';
import { createStation, feed, feedBody, newFeeder, onlineDevice, settled } from './feed-support';
import { createTestApi, failure, okData, type TestApi } from './harness';

const PAGE = '/pages/public/certificate';

/**
 * A certificate's public link (issue 29 §4): an opaque id for the signed-in user, which anyone may open without an
 * account to see the nickname and the certificate's three figures (nothing else), with a link preview in the link's
 * language and a picture the server draws.
 */
describe('the certificate’s public link', () => {
  let api: TestApi;
  let device: TestDevice;
  let mei: Awaited<ReturnType<typeof newFeeder>>;
  let linkId = '';

  beforeAll(async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'petheart-dist-'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="description" content="PetHeart." /><title>PetHeart</title></head><body></body></html>',
    );
    api = await createTestApi({ seed: false, env: { WEB_DIST: dist } });
    const station = await createStation(api);
    await api.container.database.db.update(bases).set({ animalCount: 9 }).where(eq(bases.id, station.baseId));
    device = await onlineDevice(api, station);
    mei = await newFeeder(api, 100, 'Mei <3');
    const fed = await feed(api, mei.token, feedBody(station.deviceId, { grams: 10, coins: 10 }));
    expect((await settled(api, mei.token, fed.id)).status).toBe('succeeded');
  });
  afterAll(async () => {
    await device.end();
    await api.close();
  });

  it('gives the signed-in user one opaque id, always the same, and tourists none', async () => {
    const link = okData(
      await api.post('/api/feed/certificate/link', {}, { token: mei.token }),
      CertificateLinkDataSchema,
    );
    linkId = link.id;
    expect(
      okData(await api.post('/api/feed/certificate/link', {}, { token: mei.token }), CertificateLinkDataSchema),
    ).toEqual(link);
    const other = await newFeeder(api, 0, 'Leo');
    const theirs = okData(
      await api.post('/api/feed/certificate/link', {}, { token: other.token }),
      CertificateLinkDataSchema,
    );
    expect(theirs.id).not.toBe(linkId);
    failure(await api.post('/api/feed/certificate/link', {}), 401, 'login_required');
  });

  it('shows anyone the nickname and the three figures, and nothing else', async () => {
    const shown = await api.post('/api/feed/certificate/public', { id: linkId });
    expect(okData(shown, PublicCertificateSchema)).toEqual({
      nickname: 'Mei <3',
      days_joined: 1,
      animals_helped: 9,
      grams: 10,
    });
    expect(Object.keys(shown.body.data as object).sort()).toEqual([
      'animals_helped',
      'days_joined',
      'grams',
      'nickname',
    ]);
    expect(JSON.stringify(shown.body)).not.toMatch(/@example\.com|balance|avatar|"id"/);
  });

  it('previews in the link’s language, else the crawler’s, else English, with the server’s picture', async () => {
    const preview = async (url: string, acceptLanguage?: string) => {
      const r = await api.get(url, {
        headers: { accept: '*/*', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
      });
      expect(r.status).toBe(200);
      return r.body.msg;
    };
    const ja = await preview(`${PAGE}?id=${linkId}&lang=ja`, 'zh-CN');
    expect(ja).toContain('<title>Mei &lt;3 さんの愛の証明書 - PetHeart</title>');
    expect(ja).toContain('<html lang="ja">');
    expect(ja).toContain(
      `<meta property="og:url" content="${api.config.publicUrl}${PAGE}?id=${linkId}&amp;lang=ja" />`,
    );
    const image = `${api.config.publicUrl}/api/feed/certificate/image?id=${linkId}&amp;lang=ja`;
    expect(ja).toContain(`<meta property="og:image" content="${image}" />`);
    expect(ja).toContain('<meta name="twitter:card" content="summary_large_image" />');

    const zh = await preview(`${PAGE}?id=${linkId}`, 'zh-TW,zh;q=0.8');
    expect(zh).toContain('加入 PetHeart 1 天，幫助了 9 隻動物，為流浪動物提供了 10g 飼料。');
    const en = await preview(`${PAGE}?id=${linkId}`);
    expect(en).toContain(
      '<meta property="og:description" content="1 days with PetHeart, 9 animals helped, 10g of food provided to stray animals." />',
    );

    // The picture the preview names exists: a PNG of the preview size, cached briefly.
    const png = await api.app.inject({ method: 'GET', url: `/api/feed/certificate/image?id=${linkId}&lang=ja` });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('public, max-age=3600');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('knows no made-up or malformed id, and no disabled account’s certificate', async () => {
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
    failure(await api.post('/api/feed/certificate/public', { id: unknown }), 404, 'not_found');
    failure(await api.post('/api/feed/certificate/public', { id: `${linkId}x` }), 400, 'validation_failed');
    failure(await api.get(`/api/feed/certificate/image?id=${unknown}`), 404, 'not_found');
    failure(await api.get('/api/feed/certificate/image?id=short'), 400, 'validation_failed');
    expect((await api.get(`${PAGE}?id=${unknown}`, { headers: { accept: '*/*' } })).status).toBe(404);

    await api.container.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, mei.id));
    failure(await api.post('/api/feed/certificate/public', { id: linkId }), 404, 'not_found');
    expect((await api.get(`${PAGE}?id=${linkId}`, { headers: { accept: '*/*' } })).status).toBe(404);
    await api.container.database.db.update(users).set({ status: 'normal' }).where(eq(users.id, mei.id));
  });
});
