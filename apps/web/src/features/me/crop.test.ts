import { describe, expect, it } from 'vitest';
import { clampArea, drawArgs, outputSize } from './crop';

describe('avatar crop math', () => {
  it('rounds the area and keeps it inside the image', () => {
    expect(clampArea({ x: -3.4, y: 10.6, width: 200.4, height: 200.4 }, { width: 150, height: 400 })).toEqual({
      x: 0,
      y: 11,
      width: 150,
      height: 200,
    });
    expect(clampArea({ x: 90, y: 90, width: 50, height: 50 }, { width: 100, height: 100 })).toEqual({
      x: 90,
      y: 90,
      width: 10,
      height: 10,
    });
  });

  it('never yields an empty area', () => {
    expect(clampArea({ x: 500, y: 500, width: 0, height: 0 }, { width: 100, height: 80 })).toEqual({
      x: 99,
      y: 79,
      width: 1,
      height: 1,
    });
  });

  it('scales large crops down to the maximum side and keeps small ones as they are', () => {
    expect(outputSize({ x: 0, y: 0, width: 2000, height: 2000 }, 512)).toEqual({ width: 512, height: 512 });
    expect(outputSize({ x: 0, y: 0, width: 1000, height: 500 }, 512)).toEqual({ width: 512, height: 256 });
    expect(outputSize({ x: 0, y: 0, width: 300, height: 300 }, 512)).toEqual({ width: 300, height: 300 });
  });

  it('draws the clamped source into the scaled target', () => {
    const { source, target } = drawArgs({ x: 100, y: 50, width: 1024, height: 1024 }, { width: 1200, height: 1100 });
    expect(source).toEqual({ x: 100, y: 50, width: 1024, height: 1024 });
    expect(target).toEqual({ width: 512, height: 512 });
  });
});
