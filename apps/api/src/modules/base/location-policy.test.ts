import { describe, expect, it } from 'vitest';
import { distanceMetres } from '../../lib/geo';
import { cellsInRow, coarsePoint, publicAddress, publicLocation, publicPoint, rowOf } from './location-policy';

const EXACT = { latitude: 31.234567, longitude: 121.456789 };
const ADDRESS = '18 Zhongshan East 1st Road, Huangpu District, Shanghai';

describe('coarse base locations', () => {
  it('moves a point to its cell centre, within about 800 m, and never leaves it where it was', () => {
    const c = coarsePoint(EXACT);
    expect(Math.abs(c.latitude - EXACT.latitude)).toBeGreaterThan(1e-6);
    expect(Math.abs(c.longitude - EXACT.longitude)).toBeGreaterThan(1e-6);
    expect(c.latitude).toBeCloseTo(31.235, 9);
    expect(distanceMetres(EXACT, c)).toBeLessThan(800);
  });

  it('gives every point of a cell the same centre, so many answers average to nothing finer', () => {
    const c = coarsePoint(EXACT);
    const around = Array.from({ length: 50 }, (_, i) => ({
      latitude: 31.2301 + (i % 10) * 0.0009,
      longitude: c.longitude + ((i % 7) - 3) * 0.001,
    }));
    for (const p of around) expect(coarsePoint(p)).toEqual(c);
    expect(coarsePoint(c)).toEqual(c);
  });

  it('makes cells about 1.1 km square from the equator to the Arctic', () => {
    for (const latitude of [0, 22.3, 31.2, 45, 60, 70]) {
      const p = coarsePoint({ latitude, longitude: 10 });
      const cells = cellsInRow(rowOf(latitude));
      const height = distanceMetres(
        { latitude: p.latitude - 0.005, longitude: 10 },
        { latitude: p.latitude + 0.005, longitude: 10 },
      );
      const width = distanceMetres(
        { latitude: p.latitude, longitude: p.longitude - 180 / cells },
        { latitude: p.latitude, longitude: p.longitude + 180 / cells },
      );
      expect(height).toBeGreaterThan(1100);
      expect(height).toBeLessThan(1120);
      expect(Math.abs(width - height) / height).toBeLessThan(0.01);
    }
  });

  it('keeps the poles and the antimeridian inside the map', () => {
    for (const p of [
      { latitude: 90, longitude: 180 },
      { latitude: -90, longitude: -180 },
      { latitude: 89.999, longitude: 179.9999999 },
      { latitude: -0.0000001, longitude: -0.0000001 },
    ]) {
      const c = coarsePoint(p);
      expect(c.latitude).toBeGreaterThanOrEqual(-90);
      expect(c.latitude).toBeLessThanOrEqual(90);
      expect(c.longitude).toBeGreaterThanOrEqual(-180);
      expect(c.longitude).toBeLessThanOrEqual(180);
      expect(distanceMetres(p, c)).toBeLessThan(800);
    }
    expect(cellsInRow(rowOf(90))).toBeGreaterThanOrEqual(1);
  });

  it('shows the exact point and the address only when the operator published them', () => {
    const hidden = { ...EXACT, address: ADDRESS, locationPublic: false };
    expect(publicPoint(hidden)).toEqual(coarsePoint(EXACT));
    expect(publicAddress(hidden)).toBe('');
    expect(publicLocation(hidden)).toEqual({ address: '', ...coarsePoint(EXACT) });
    const published = { ...hidden, locationPublic: true };
    expect(publicPoint(published)).toEqual(EXACT);
    expect(publicLocation(published)).toEqual({ address: ADDRESS, ...EXACT });
  });
});
