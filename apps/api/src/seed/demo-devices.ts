import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Container } from '../container';
import type { TextTranslations } from '../db/schema/columns';
import { BaseRepository } from '../modules/base/repository';
import { DeviceRepository } from '../modules/device/repository';
import { hashDeviceSecret } from '../modules/device/secrets';

interface DemoBase {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  animalCount: number;
  introduction: string;
  devices: { id: string; name: string; revenueShareBp: number }[];
  /** Its operator published the exact location (decision 037); the others show the area only. */
  locationPublic?: boolean;
  /** Its texts in other languages than English, as an operator adds them in the console (issue 29 §5). */
  translations?: TextTranslations;
}

/** Demo feeding stations: four in and around Shanghai, one in Tokyo, one in Taipei. */
export const DEMO_BASES: DemoBase[] = [
  {
    name: 'Bund Riverside Cat Corner',
    address: 'Zhongshan East 1st Road, Huangpu District, Shanghai',
    latitude: 31.2365,
    longitude: 121.4905,
    animalCount: 18,
    introduction: 'Community cats along the river, fed twice a day by volunteers.',
    devices: [
      { id: 'PH-0001', name: 'Bund Feeder A', revenueShareBp: 3000 },
      { id: 'PH-0002', name: 'Bund Feeder B', revenueShareBp: 3000 },
    ],
  },
  {
    name: 'Xujiahui Park Shelter Point',
    address: 'Zhaojiabang Road, Xuhui District, Shanghai',
    latitude: 31.1951,
    longitude: 121.4376,
    animalCount: 12,
    introduction: 'A quiet corner of the park where neutered strays live.',
    devices: [{ id: 'PH-0003', name: 'Xujiahui Feeder', revenueShareBp: 3000 }],
    // A shelter point in a public park: its place is no secret.
    locationPublic: true,
  },
  {
    name: 'Century Park Dog Station',
    address: 'Jinxiu Road, Pudong New Area, Shanghai',
    latitude: 31.2191,
    longitude: 121.5516,
    animalCount: 9,
    introduction: 'Stray dogs waiting for adoption, looked after by a local rescue group.',
    devices: [{ id: 'PH-0004', name: 'Century Park Feeder', revenueShareBp: 2500 }],
  },
  {
    name: 'Songjiang Old Town Cats',
    address: 'Zhongshan Middle Road, Songjiang District, Shanghai',
    latitude: 31.0079,
    longitude: 121.2307,
    animalCount: 25,
    introduction: 'Old-town alleys with a large colony of friendly cats.',
    devices: [
      { id: 'PH-0005', name: 'Songjiang Feeder A', revenueShareBp: 3000 },
      { id: 'PH-0006', name: 'Songjiang Feeder B', revenueShareBp: 3000 },
    ],
  },
  {
    name: 'Yanaka Cat Street',
    address: 'Yanaka 3-chome, Taito City, Tokyo',
    latitude: 35.7257,
    longitude: 139.7668,
    animalCount: 14,
    introduction: 'The famous cat town of old Tokyo.',
    devices: [{ id: 'PH-0007', name: 'Yanaka Feeder', revenueShareBp: 3000 }],
    translations: { ja: { name: '谷中ねこ通り', introduction: '昔ながらの東京の、猫の町として知られる谷中。' } },
  },
  {
    name: 'Houtong Cat Village Station',
    address: 'Houtong, Ruifang District, New Taipei City',
    latitude: 25.0873,
    longitude: 121.8272,
    animalCount: 30,
    introduction: 'The cat village in the hills outside Taipei.',
    devices: [{ id: 'PH-0008', name: 'Houtong Feeder', revenueShareBp: 3000 }],
  },
];

const SEED_FILE = 'demo-device-seed';

/** The per-install random seed the demo devices' secrets derive from (created on first use). */
async function installSeed(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, SEED_FILE);
  try {
    const text = (await readFile(file, 'utf8')).trim();
    if (/^[0-9a-f]{64}$/.test(text)) return Buffer.from(text, 'hex');
  } catch {
    // not there yet
  }
  await mkdir(dataDir, { recursive: true });
  const seed = randomBytes(32);
  // 'wx': two processes starting at once keep the first seed written.
  try {
    await writeFile(file, `${seed.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return seed;
  } catch {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  }
}

/** The demo devices and their secrets (for simulated feeders): secret = HMAC(install seed, device id). */
export async function demoDeviceCredentials(dataDir: string): Promise<{ id: string; secret: string }[]> {
  const seed = await installSeed(dataDir);
  return DEMO_BASES.flatMap((b) =>
    b.devices.map((d) => ({ id: d.id, secret: createHmac('sha256', seed).update(d.id).digest('base64url') })),
  );
}

/**
 * Seeds the demo bases and devices on first run (idempotent: existing bases and devices are left as they
 * are, so a secret rotated in the console stays rotated). The first base is run by the demo user.
 */
export async function seedDemoDevices(container: Container, operatorEmail = 'demo@petheart.local'): Promise<void> {
  const { db } = container.database;
  const bases = new BaseRepository(db);
  const devices = new DeviceRepository(db);
  const secrets = new Map((await demoDeviceCredentials(container.config.dataDir)).map((c) => [c.id, c.secret]));
  const operator = await container.services.users.byEmail(operatorEmail);
  for (const [i, demo] of DEMO_BASES.entries()) {
    const existing = await bases.byName(demo.name);
    // The demo's texts are English; a base seeded before their language was kept learns it (and its translations).
    if (existing?.textLang === '')
      await bases.update(existing.id, { textLang: 'en', translations: demo.translations ?? {} });
    const base =
      existing ??
      (await bases.insert({
        name: demo.name,
        address: demo.address,
        latitude: demo.latitude,
        longitude: demo.longitude,
        animalCount: demo.animalCount,
        introduction: demo.introduction,
        locationPublic: demo.locationPublic ?? false,
        operatorId: i === 0 && operator ? operator.id : null,
        textLang: 'en',
        translations: demo.translations ?? {},
      }));
    for (const d of demo.devices) {
      if (await devices.credentials(d.id)) continue;
      const secret = secrets.get(d.id) ?? '';
      await devices.insert({
        id: d.id,
        baseId: base.id,
        name: d.name,
        secretHash: await hashDeviceSecret(secret),
        revenueShareBp: d.revenueShareBp,
      });
    }
  }
}
