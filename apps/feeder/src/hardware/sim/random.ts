/** A small seeded PRNG (mulberry32): the same seed gives the same sequence, so tests are reproducible. */
export type Rng = () => number;

export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A bell-shaped value in [-1, 1] (mean of three uniforms, rescaled): "gaussian-ish" and bounded. */
export function bell(rng: Rng): number {
  return ((rng() + rng() + rng()) / 3) * 2 - 1;
}
