import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M } from '@petheart/contracts';
import { distanceMetres } from './geo';

/** Shanghai (Huangpu). */
const SHANGHAI = { latitude: 31.22337, longitude: 121.49295 };

describe('distanceMetres (haversine on the spec earth radius)', () => {
  it('is zero for the same point and symmetric', () => {
    expect(distanceMetres(SHANGHAI, SHANGHAI)).toBe(0);
    const tokyo = { latitude: 35.6812, longitude: 139.7671 };
    expect(distanceMetres(SHANGHAI, tokyo)).toBeCloseTo(distanceMetres(tokyo, SHANGHAI), 6);
  });

  it('uses EARTH_RADIUS_M: a degree of latitude and a quarter meridian', () => {
    const degree = (Math.PI / 180) * EARTH_RADIUS_M;
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(degree, 6);
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(
      (Math.PI / 2) * EARTH_RADIUS_M,
      3,
    );
    // Antipodes: half the circumference, no NaN from rounding above 1.
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      Math.PI * EARTH_RADIUS_M,
      3,
    );
  });

  it('matches known city distances within 1 %', () => {
    // Shanghai (Huangpu) → Tokyo Station ≈ 1,770 km; → Taipei 101 ≈ 690 km.
    const toTokyo = distanceMetres(SHANGHAI, { latitude: 35.6812, longitude: 139.7671 });
    const toTaipei = distanceMetres(SHANGHAI, { latitude: 25.0336, longitude: 121.5648 });
    expect(Math.abs(toTokyo - 1_770_000) / 1_770_000).toBeLessThan(0.01);
    expect(Math.abs(toTaipei - 688_000) / 688_000).toBeLessThan(0.01);
    // Longitude degrees shrink with latitude.
    const east = distanceMetres({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 1 });
    expect(east).toBeCloseTo(((Math.PI / 180) * EARTH_RADIUS_M) / 2, -2);
  });
});
