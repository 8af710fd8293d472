import { describe, expect, it } from 'vitest';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { AdminDevice } from '@petheart/contracts';
import {
  BaseFormSchema,
  DeviceProvisionFormSchema,
  DeviceUpdateFormSchema,
  EMPTY_BASE_FORM,
  EMPTY_DEVICE_FORM,
  baseFormToBody,
  bodyResolver,
  bpToPercent,
  deviceFormToBody,
  deviceToForm,
  firstMessage,
  percentToBp,
  type BaseFormValues,
} from './forms';

function resolve<F extends FieldValues, O>(resolver: Resolver<F, unknown, O>, values: F) {
  return resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('revenue share: percent ↔ basis points', () => {
  it('reads a percentage with up to two decimals exactly', () => {
    expect(percentToBp('30')).toBe(3000);
    expect(percentToBp(' 12.5 ')).toBe(1250);
    expect(percentToBp('0.29')).toBe(29); // not 28.999… as 0.29 × 100 would give
    expect(percentToBp('0.05')).toBe(5);
    expect(percentToBp('100')).toBe(10000);
    expect(percentToBp('45%')).toBe(4500);
    expect(percentToBp('0')).toBe(0);
  });

  it('gives NaN for anything else (the schema then reports v.revenueShare)', () => {
    for (const bad of ['', ' ', 'abc', '-5', '+5', '12.345', '1e2', '1000', '.5', '5.']) {
      expect(percentToBp(bad), bad).toBeNaN();
    }
  });

  it('shows basis points as a short percentage and round-trips', () => {
    expect(bpToPercent(3000)).toBe('30');
    expect(bpToPercent(1250)).toBe('12.5');
    expect(bpToPercent(1205)).toBe('12.05');
    expect(bpToPercent(5)).toBe('0.05');
    expect(bpToPercent(0)).toBe('0');
    expect(bpToPercent(10000)).toBe('100');
    for (const bp of [0, 1, 9, 10, 99, 100, 2501, 3333, 9999, 10000]) expect(percentToBp(bpToPercent(bp))).toBe(bp);
  });
});

describe('base form → request body', () => {
  const filled: BaseFormValues = {
    ...EMPTY_BASE_FORM,
    name: ' Bund Cats ',
    address: 'Zhongshan East 1st Road',
    latitude: '31.2365',
    longitude: '121.4905',
    animal_count: '',
    photos: ['/uploads/a.jpg', '  ', 'https://x/b.png'],
    operator_id: '',
  };

  it('converts numbers, drops blank photos, maps a blank operator to null and a blank count to 0', async () => {
    expect(baseFormToBody(filled)).toMatchObject({
      latitude: 31.2365,
      longitude: 121.4905,
      animal_count: 0,
      photos: ['/uploads/a.jpg', 'https://x/b.png'],
      operator_id: null,
    });
    const result = await resolve(bodyResolver(BaseFormSchema, baseFormToBody), filled);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ name: 'Bund Cats', introduction: '' });
  });

  it("reports the contract's message keys on the fields", async () => {
    const result = await resolve(bodyResolver(BaseFormSchema, baseFormToBody), {
      ...filled,
      name: '  ',
      latitude: '',
      longitude: '200',
      animal_count: '-1',
      operator_id: 'x',
    });
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      name: { message: 'v.baseName' },
      latitude: { message: 'v.latitude' },
      longitude: { message: 'v.longitude' },
      animal_count: { message: 'v.animalCount' },
      operator_id: { message: 'v.invalid' },
    });
  });

  it('sends whether the exact location is published: off unless switched on (decision 037)', async () => {
    expect(EMPTY_BASE_FORM.location_public).toBe(false);
    expect((await resolve(bodyResolver(BaseFormSchema, baseFormToBody), filled)).values).toMatchObject({
      location_public: false,
    });
    expect(baseFormToBody({ ...filled, location_public: true })).toMatchObject({ location_public: true });
  });

  it('reports too many photos', async () => {
    const photos = Array.from({ length: 10 }, (_, i) => `/p${String(i)}.jpg`);
    const result = await resolve(bodyResolver(BaseFormSchema, baseFormToBody), { ...filled, photos });
    expect(firstMessage(result.errors.photos)).toBe('v.tooMany');
  });
});

describe('device form → request body', () => {
  const device: AdminDevice = {
    device_id: 'PH-0001',
    base_id: 3,
    base_name: 'Bund',
    name: 'Feeder A',
    portions: null,
    revenue_share_bp: 2550,
    daily_gram_cap: 1500,
    days_in_operation: 4,
    first_online_at: 1,
    disabled: false,
    firmware: '1.0.0',
    config_version: 1,
    config_running: 1,
    created_at: 1,
    online: true,
    feeder_online: true,
    camera_online: false,
    food_stock: 900,
    last_seen_at: 2,
  };

  it('round-trips a device through the edit form', async () => {
    const form = deviceToForm(device);
    expect(form).toMatchObject({ base_id: '3', revenue_share_bp: '25.5', custom_portions: false, portions: [] });
    const result = await resolve(bodyResolver(DeviceUpdateFormSchema, deviceFormToBody), form);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      device_id: 'PH-0001',
      base_id: 3,
      name: 'Feeder A',
      revenue_share_bp: 2550,
      portions: null,
      daily_gram_cap: 1500,
    });
  });

  it('provisions without a device ID (the server picks the next one) and with custom portions', async () => {
    const result = await resolve(bodyResolver(DeviceProvisionFormSchema, deviceFormToBody), {
      ...EMPTY_DEVICE_FORM,
      base_id: '2',
      name: 'New feeder',
      custom_portions: true,
      portions: [
        { grams: '10', coins: '10' },
        { grams: '25', coins: '20' },
      ],
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      base_id: 2,
      name: 'New feeder',
      revenue_share_bp: 3000,
      portions: [
        { grams: 10, coins: 10 },
        { grams: 25, coins: 20 },
      ],
      daily_gram_cap: 2000,
    });
  });

  it('reports the base, name, device ID, share and portion messages', async () => {
    const result = await resolve(bodyResolver(DeviceProvisionFormSchema, deviceFormToBody), {
      ...EMPTY_DEVICE_FORM,
      device_id: 'a b',
      revenue_share_bp: '101',
      custom_portions: true,
      portions: [{ grams: '0', coins: '5' }],
      daily_gram_cap: '0',
    });
    expect(result.errors).toMatchObject({
      base_id: { message: 'v.base' },
      name: { message: 'v.deviceName' },
      device_id: { message: 'v.deviceId' },
      revenue_share_bp: { message: 'v.revenueShare' },
      daily_gram_cap: { message: 'v.dailyGramCap' },
    });
    expect(firstMessage(result.errors.portions)).toBe('v.portion');
  });

  it('asks for at least one portion when custom portions are on', async () => {
    const result = await resolve(bodyResolver(DeviceProvisionFormSchema, deviceFormToBody), {
      ...EMPTY_DEVICE_FORM,
      base_id: '1',
      name: 'x',
      custom_portions: true,
    });
    expect(firstMessage(result.errors.portions)).toBe('v.portion');
  });
});
