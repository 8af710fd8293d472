import { describe, expect, it } from 'vitest';
import { ConfigSync } from './config-sync';

function sync() {
  let now = 1_000_000;
  const sent: { topic: string; version: number }[] = [];
  const s = new ConfigSync({
    configOf: (deviceId) =>
      Promise.resolve(
        deviceId === 'PH-0001' ? { version: 3, portions: [{ grams: 10, coins: 10 }], daily_gram_cap: 900 } : null,
      ),
    publish: (topic, payload) => {
      sent.push({ topic, version: (JSON.parse(payload) as { version: number }).version });
      return Promise.resolve();
    },
    now: () => now,
    onError: (error) => {
      throw error;
    },
  });
  return { s, sent, advance: (ms: number) => (now += ms) };
}

describe('configuration sync', () => {
  it('re-sends to a station behind, at most every 30 s, and stops once it runs the version', async () => {
    const { s, sent, advance } = sync();
    s.reported('PH-0001', 2, 3);
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual({ topic: 'petheart/v1/devices/PH-0001/config', version: 3 });
    s.reported('PH-0001', 2, 3);
    advance(29_000);
    s.reported('PH-0001', undefined, 3);
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    advance(2_000);
    s.reported('PH-0001', 2, 3);
    await expect.poll(() => sent.length).toBe(2);
    s.reported('PH-0001', 3, 3);
    // Caught up: a later fall behind (a reset station) is answered at once.
    s.reported('PH-0001', 0, 3);
    await expect.poll(() => sent.length).toBe(3);
  });

  it('sends nothing for an unknown device', async () => {
    const { s, sent } = sync();
    await s.publish('PH-9999');
    expect(sent).toEqual([]);
  });
});
