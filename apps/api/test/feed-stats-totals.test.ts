import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfigSchema, BaseDetailSchema, FeedCertificateSchema } from '@petheart/contracts';
import { bases } from '../src/db/schema';
import { createTestApi, failure, okData, type TestApi } from './harness';
import type { TestDevice } from './devices-support';
import { createStation, feed, feedBody, newFeeder, onlineDevice, settled, type Station } from './feed-support';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The certificate, the home page's statistics and a base's feeders (PRODUCT.md §7, decision 012), from feeds
 * made through the real flow: acknowledged ones count, a jam counts nowhere, a crumb that cost nothing counts
 * its grams but makes nobody a feeder (its hold was voided, not posted).
 */
describe('the certificate and the statistics', () => {
  let api: TestApi;
  const devices: TestDevice[] = [];
  const stations: Record<'north' | 'south' | 'jam' | 'crumb', Station> = {} as never;
  let manualJam: TestDevice;
  let manualCrumb: TestDevice;
  let joinedAt = 0;
  let firstFedAt = 0;
  let ana: Awaited<ReturnType<typeof newFeeder>>;
  let ben: Awaited<ReturnType<typeof newFeeder>>;
  let cat: Awaited<ReturnType<typeof newFeeder>>;

  const station = async (name: keyof typeof stations, animals: number, mode: 'ack' | 'manual') => {
    const s = await createStation(api);
    await api.container.database.db.update(bases).set({ animalCount: animals }).where(eq(bases.id, s.baseId));
    stations[name] = s;
    const device = await onlineDevice(api, s, mode);
    devices.push(device);
    return device;
  };
  const fed = async (token: string, s: Station, grams: 10 | 20) =>
    (
      await settled(
        api,
        token,
        (await feed(api, token, feedBody(s.deviceId, { grams, coins: grams === 10 ? 10 : 18 }))).id,
      )
    ).status;
  /** A feed the manual device answers with `outcome` and `grams`. */
  const answered = async (
    token: string,
    s: Station,
    device: TestDevice,
    outcome: 'jammed' | 'dispensed',
    g: number,
  ) => {
    const f = await feed(api, token, feedBody(s.deviceId, { grams: 20, coins: 18 }));
    await device.waitForDistinct(device.commands.length + 1);
    device.ack(device.commands.at(-1)?.id ?? '', outcome, g);
    return (await settled(api, token, f.id)).status;
  };
  const statistics = async () =>
    okData(await api.post('/api/configuration/getConfiguration', {}), AppConfigSchema).statistics;
  const certificate = async (token: string) =>
    okData(await api.post('/api/feed/certificate', {}, { token }), FeedCertificateSchema);

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    await station('north', 5, 'ack');
    await station('south', 7, 'ack');
    manualJam = await station('jam', 100, 'manual');
    manualCrumb = await station('crumb', 11, 'manual');
    joinedAt = api.clock.now().getTime();
    ana = await newFeeder(api, 1000, 'Ana');
    ben = await newFeeder(api, 1000, 'Ben');
    cat = await newFeeder(api, 1000, 'Cat');
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.end()));
    await api.close();
  });

  it('counts the statistics from acknowledged feeds (cached for 10 s)', async () => {
    api.clock.advance(HOUR);
    firstFedAt = api.clock.now().getTime();
    const before = await statistics();
    expect(before).toEqual({ devices_deployed: 4, animals_helped: 0, total_feeders: 0, total_food_grams: 0 });

    expect(await fed(ana.token, stations.north, 10)).toBe('succeeded');
    expect(await fed(ana.token, stations.north, 20)).toBe('succeeded');
    expect(await fed(ana.token, stations.south, 10)).toBe('succeeded');
    expect(await answered(ana.token, stations.jam, manualJam, 'jammed', 3)).toBe('failed');
    // Ben: 1 g of a 20 g portion fell, floor(18 × 1 / 20) = 0 coins: succeeded, nothing charged.
    expect(await answered(ben.token, stations.crumb, manualCrumb, 'dispensed', 1)).toBe('succeeded');

    expect(await statistics()).toEqual(before);
    api.clock.advance(10_000);
    expect(await statistics()).toEqual({
      devices_deployed: 4,
      // north 5 + south 7 + crumb 11; the jammed station received nothing.
      animals_helped: 23,
      // Ana; Ben's feed was not posted (no charge).
      total_feeders: 1,
      total_food_grams: 41,
    });
  });

  it('makes the base detail’s feeders real: distinct users with a posted feed there', async () => {
    const detail = async (s: Station) =>
      okData(await api.post('/api/base/detail', { id: s.baseId }), BaseDetailSchema).stats;
    expect(await detail(stations.north)).toMatchObject({ feeders: 1, fed_grams: 30 });
    expect(await detail(stations.south)).toMatchObject({ feeders: 1, fed_grams: 10 });
    expect(await detail(stations.jam)).toMatchObject({ feeders: 0, fed_grams: 0 });
    expect(await detail(stations.crumb)).toMatchObject({ feeders: 0, fed_grams: 1 });
    expect(await fed(cat.token, stations.north, 10)).toBe('succeeded');
    expect(await detail(stations.north)).toMatchObject({ feeders: 2, fed_grams: 40 });
  });

  it('gives the certificate: days since joining, animals of the distinct bases fed, grams provided', async () => {
    api.clock.advance(3 * DAY);
    expect(await certificate(ana.token)).toEqual({
      nickname: 'Ana',
      avatar: '',
      joined_at: Math.floor(joinedAt / 1000),
      days_joined: 4,
      // north (5, fed twice, counted once) + south (7); the jam's 100 animals got nothing from Ana.
      animals_helped: 12,
      grams: 40,
      feeds: 3,
      bases: 2,
      first_fed_at: Math.floor(firstFedAt / 1000),
    });
    expect(await certificate(ben.token)).toMatchObject({ animals_helped: 11, grams: 1, feeds: 1, bases: 1 });
  });

  it('gives a newcomer day 1 and zeros, and refuses tourists', async () => {
    const newcomer = await newFeeder(api, 0, 'Dee');
    expect(await certificate(newcomer.token)).toMatchObject({
      nickname: 'Dee',
      days_joined: 1,
      animals_helped: 0,
      grams: 0,
      feeds: 0,
      bases: 0,
      first_fed_at: null,
    });
    api.clock.advance(DAY - 1);
    expect((await certificate(newcomer.token)).days_joined).toBe(1);
    api.clock.advance(1);
    expect((await certificate(newcomer.token)).days_joined).toBe(2);
    failure(await api.post('/api/feed/certificate', {}), 401, 'login_required');
  });
});
