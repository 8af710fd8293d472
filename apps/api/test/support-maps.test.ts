import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_ERROR_STATUS, MapGeocoderDataSchema, MapPlaceListDataSchema } from '@petheart/contracts';
import { bases } from '../src/db/schema';
import { freePort } from './devices-support';
import { FakeTencentMaps } from './fixtures/fake-tencent-maps';
import { createTestApi, failure, okData, type TestApi } from './harness';

const SHANGHAI = { latitude: 31.22337, longitude: 121.49295 };

describe('maps without a key: the local geocoder', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    await api.container.database.db.insert(bases).values({
      name: 'Changshou Road Cat Station',
      address: '88 Changshou Road, Putuo District, Shanghai',
      latitude: 31.2446,
      longitude: 121.4372,
      // Published: the geocoder knows a station by its address and exact point only then (decision 037).
      locationPublic: true,
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('checks the parameters like the maps SDK: 310 with the field, in the request’s language', async () => {
    const noKeyword = failure(
      await api.post('/api/maps/search', { location: SHANGHAI }, { lang: 'zh-CN' }),
      400,
      'map_invalid_params',
    );
    expect(noKeyword.msg).toBe('请求参数信息有误keyword');
    expect(MAP_ERROR_STATUS[noKeyword.data.error as 'map_invalid_params']).toBe(310);
    const blank = failure(await api.post('/api/maps/suggestion', { keyword: '  ' }), 400, 'map_invalid_params');
    expect(blank.msg).toBe('Invalid request parameter: keyword');
    const noAddress = failure(await api.post('/api/maps/geocoder', {}, { lang: 'zh-CN' }), 400, 'map_invalid_params');
    expect(noAddress.msg).toBe('请求参数信息有误address');
    const half = failure(
      await api.post('/api/maps/search', { keyword: 'cat', location: { latitude: 31.2 } }),
      400,
      'map_invalid_params',
    );
    expect(half.msg).toBe('Invalid request parameter: location');
    failure(await api.post('/api/maps/search', { keyword: 'cat' }), 400, 'map_invalid_params');
    failure(
      await api.post('/api/maps/search', { keyword: 'cat', location: { latitude: 91, longitude: 0 } }),
      400,
      'validation_failed',
    );
  });

  it('finds districts and known stations, nearest first, paged', async () => {
    const found = okData(
      await api.post('/api/maps/search', { keyword: 'Putuo', location: SHANGHAI }),
      MapPlaceListDataSchema,
    );
    expect(found.source).toBe('local');
    // The station (6 km away) before the district's centre (9.5 km).
    expect(found.list.map((p) => p.title)).toEqual(['Changshou Road Cat Station', '普陀区']);
    const station = found.list[0];
    expect(station).toMatchObject({ adcode: '310107', district: '普陀区', city: '上海市', latitude: 31.2446 });
    expect(station?.distance).toBeGreaterThan(0);
    const paged = okData(
      await api.post('/api/maps/search', { keyword: '区', region: '上海', page_size: 5, page_index: 2 }),
      MapPlaceListDataSchema,
    );
    expect(paged.count).toBe(16);
    expect(paged.list).toHaveLength(5);
    const suggested = okData(await api.post('/api/maps/suggestion', { keyword: '浦东' }), MapPlaceListDataSchema);
    expect(suggested.list[0]).toMatchObject({ title: '浦东新区', adcode: '310115', province: '上海市' });
  });

  it('geocodes an address to its most specific known place, and a location to its address', async () => {
    const geocoded = okData(
      await api.post('/api/maps/geocoder', { address: '上海市徐汇区漕溪北路1号' }),
      MapGeocoderDataSchema,
    );
    expect(geocoded.result).toMatchObject({ district: '徐汇区', adcode: '310104', city: '上海市' });
    const english = okData(
      await api.post('/api/maps/geocoder', { address: "No. 5, Jing'an, Shanghai" }),
      MapGeocoderDataSchema,
    );
    expect(english.result?.district).toBe('静安区');
    const nowhere = okData(await api.post('/api/maps/geocoder', { address: 'Atlantis' }), MapGeocoderDataSchema);
    expect(nowhere.result).toBeNull();
    const reverse = okData(
      await api.post('/api/maps/geocoder', { location: { latitude: 31.2449, longitude: 121.4375 } }),
      MapGeocoderDataSchema,
    );
    expect(reverse.result).toMatchObject({
      title: 'Changshou Road Cat Station',
      district: '普陀区',
      latitude: 31.2449,
    });
  });

  it('limits each client address to 60 calls a minute', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 60; i++)
      expect((await api.post('/api/maps/suggestion', { keyword: '黄浦' }, { ip })).status).toBe(200);
    failure(await api.post('/api/maps/suggestion', { keyword: '黄浦' }, { ip }), 429, 'rate_limited');
    api.clock.advance(61_000);
    expect((await api.post('/api/maps/suggestion', { keyword: '黄浦' }, { ip })).status).toBe(200);
  });
});

describe('maps with TENCENT_MAP_KEY: the Tencent location web service (a local fake)', () => {
  const KEY = 'OB4BZ-D4W3U-B7VVO-4PJWW-6TKDJ-WPB77';
  const SK = 'SWvT26ypwq5Nwb5RvS8cLi6NSoH8HlJX';
  let fake: FakeTencentMaps;
  let api: TestApi;

  beforeAll(async () => {
    fake = await new FakeTencentMaps(KEY, SK).start();
    api = await createTestApi({
      seed: false,
      serveWeb: false,
      env: { TENCENT_MAP_KEY: KEY, TENCENT_MAP_SK: SK, TENCENT_MAP_API_BASE: fake.url },
    });
  });
  afterAll(async () => {
    await api.close();
    await fake.close();
  });

  it('searches around a location with a signed request and answers the spec’s place fields', async () => {
    fake.mode = 'ok';
    const found = okData(
      await api.post('/api/maps/search', { keyword: '猫 咖', location: SHANGHAI }),
      MapPlaceListDataSchema,
    );
    expect(found).toMatchObject({ source: 'tencent', count: 1 });
    expect(found.list[0]).toEqual({
      id: '13036766441806327537',
      title: '猫 咖宠物救助站',
      latitude: 31.2446,
      longitude: 121.4372,
      address: '上海市普陀区长寿路88号',
      category: '生活服务:宠物服务',
      tel: '021-12345678',
      adcode: '310107',
      city: '上海市',
      district: '普陀区',
      province: '上海市',
      distance: 812,
    });
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/ws/place/v1/search');
    expect(request?.params).toMatchObject({
      keyword: '猫 咖',
      boundary: 'nearby(31.22337,121.49295,1000,1)',
      orderby: '_distance',
      page_size: '10',
      page_index: '1',
      output: 'json',
      key: KEY,
    });
    expect(request?.params.sig).toMatch(/^[0-9a-f]{32}$/);
  });

  it('suggests and geocodes both ways', async () => {
    fake.mode = 'ok';
    const suggested = okData(await api.post('/api/maps/suggestion', { keyword: '长寿路' }), MapPlaceListDataSchema);
    expect(suggested.list[0]).toMatchObject({ adcode: '310107', district: '普陀区', distance: null });
    expect(fake.requests.at(-1)?.params).toMatchObject({ region: '全国', keyword: '长寿路' });
    const geocoded = okData(await api.post('/api/maps/geocoder', { address: '长寿路88号' }), MapGeocoderDataSchema);
    expect(geocoded.result).toMatchObject({ street: '长寿路', street_number: '88号', adcode: '310107' });
    const reverse = okData(
      await api.post('/api/maps/geocoder', { location: { latitude: 31.2446, longitude: 121.4372 } }),
      MapGeocoderDataSchema,
    );
    expect(reverse.result).toMatchObject({ title: '长寿路88号', address: '上海市普陀区长寿路88号' });
    expect(fake.requests.at(-1)?.params.location).toBe('31.2446,121.4372');
  });

  it('maps the service’s failures: no result → empty, parameter → 310, refusals and garbage → 600', async () => {
    fake.mode = 'no_result';
    const empty = okData(await api.post('/api/maps/suggestion', { keyword: 'zzz' }), MapPlaceListDataSchema);
    expect(empty).toMatchObject({ list: [], count: 0 });
    expect(okData(await api.post('/api/maps/geocoder', { address: 'zzz' }), MapGeocoderDataSchema).result).toBeNull();
    fake.mode = 'bad_param';
    failure(await api.post('/api/maps/suggestion', { keyword: 'x' }), 400, 'map_invalid_params');
    for (const mode of ['quota', 'http_500', 'not_json'] as const) {
      fake.mode = mode;
      const failed = failure(
        await api.post('/api/maps/suggestion', { keyword: 'x' }, { lang: 'zh-CN' }),
        502,
        'map_system_error',
      );
      expect(failed.msg).toBe('系统错误');
    }
    // The SDK's own checks answer before any request is sent.
    const before = fake.requests.length;
    failure(await api.post('/api/maps/search', { location: SHANGHAI }), 400, 'map_invalid_params');
    expect(fake.requests).toHaveLength(before);
  });

  it('a wrong secret key is refused by the service (600), never silently accepted', async () => {
    fake.mode = 'ok';
    const wrong = await createTestApi({
      seed: false,
      serveWeb: false,
      env: { TENCENT_MAP_KEY: KEY, TENCENT_MAP_SK: 'not-the-secret', TENCENT_MAP_API_BASE: fake.url },
    });
    try {
      failure(await wrong.post('/api/maps/suggestion', { keyword: 'x' }), 502, 'map_system_error');
    } finally {
      await wrong.close();
    }
  });

  it('no answer from the service is a network failure (1000) with a clear message', async () => {
    const closed = await freePort();
    const offline = await createTestApi({
      seed: false,
      serveWeb: false,
      env: { TENCENT_MAP_KEY: KEY, TENCENT_MAP_API_BASE: `http://127.0.0.1:${String(closed)}` },
    });
    try {
      const failed = failure(await offline.post('/api/maps/suggestion', { keyword: 'x' }), 504, 'map_network_error');
      expect(failed.msg).toBe('Could not reach the map service, please check the network and try again');
      expect(MAP_ERROR_STATUS.map_network_error).toBe(1000);
    } finally {
      await offline.close();
    }
  });
});
