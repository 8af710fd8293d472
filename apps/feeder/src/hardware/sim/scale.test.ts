import { describe, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { seededRng } from './random';
import { SIM_COUNTS_PER_GRAM, SIM_RAW_ZERO, SimScale } from './scale';

const scale = () => new SimScale({ clock: systemClock, rng: seededRng(3), noise: 0 });

describe('SimScale calibration', () => {
  it('starts right, tares to the raw reading, and calibrates with a known weight', async () => {
    const s = scale();
    expect(s.calibration).toEqual({ zero: SIM_RAW_ZERO, counts_per_gram: SIM_COUNTS_PER_GRAM });
    s.place(10);
    await s.tare();
    expect(s.calibration.zero).toBe(SIM_RAW_ZERO + 10 * SIM_COUNTS_PER_GRAM);
    s.place(100);
    expect(await s.measure()).toBe(100);
    // Told it is 400 g: four times the counts per gram it truly has, so it reads a quarter from now on.
    expect(await s.calibrate(400)).toEqual({ zero: SIM_RAW_ZERO + 4000, counts_per_gram: SIM_COUNTS_PER_GRAM / 4 });
    expect(await s.measure()).toBe(400);
  });

  it('refuses a calibration without a weight, and a calibration it cannot use', async () => {
    const s = scale();
    await s.tare();
    await expect(s.calibrate(100)).rejects.toThrow(/did not change since the tare/);
    expect(() => (s.calibration = { zero: 0, counts_per_gram: 0 })).toThrow(/counts_per_gram/);
    s.calibration = { zero: SIM_RAW_ZERO, counts_per_gram: SIM_COUNTS_PER_GRAM * 2 };
    s.place(50);
    expect(await s.measure()).toBe(25);
  });
});
