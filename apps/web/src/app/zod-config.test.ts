import { describe, expect, it } from 'vitest';
import './zod-config';
import { z } from 'zod';

describe('zod in the browser', () => {
  it('runs without eval: jitless is what zod reads', () => {
    expect(z.config().jitless).toBe(true);
  });
});
