import { describe, expect, it } from 'vitest';
import type { Clock } from './clock';
import { RING_LINES, RING_LINE_CHARS, RingLogger } from './ring-logger';
import { collectingLogger } from './test-support/collecting-logger';

const clock: Clock = { now: () => Date.UTC(2025, 0, 2, 3, 4, 5), setTimeout, clearTimeout };
const SECRET = 'Zk9+/sec ret"1';

describe('RingLogger', () => {
  it('passes lines on and keeps the newest, oldest first, each with its time and level', () => {
    const inner = collectingLogger();
    const ring = new RingLogger(inner, clock, []);
    ring.info('one');
    ring.warn('two', { n: 2 });
    ring.error('three');
    expect(inner.lines).toEqual(['info one', 'warn two {"n":2}', 'error three']);
    expect(ring.tail(2)).toEqual(['2025-01-02T03:04:05.000Z warn two {"n":2}', '2025-01-02T03:04:05.000Z error three']);
    expect(ring.tail(10)).toHaveLength(3);
    expect(ring.tail(0)).toEqual([]);
  });

  it(`keeps ${String(RING_LINES)} lines of at most ${String(RING_LINE_CHARS)} characters`, () => {
    const ring = new RingLogger(collectingLogger(), clock, []);
    for (let i = 0; i < RING_LINES + 50; i += 1) ring.info(`line ${String(i)}`);
    const all = ring.tail(1000);
    expect(all).toHaveLength(RING_LINES);
    expect(all[0]).toMatch(/ line 50$/);
    ring.info('x'.repeat(2000));
    expect(ring.tail(1)[0]).toHaveLength(RING_LINE_CHARS);
  });

  it('redacts the secret, also URL-encoded or JSON-escaped, in messages and nested details', () => {
    const inner = collectingLogger();
    const ring = new RingLogger(inner, clock, [SECRET]);
    ring.warn(`password ${SECRET} refused`, {
      url: `rtmp://h/live/d?key=${encodeURIComponent(SECRET)}`,
      nested: { list: [SECRET, 3], error: new Error(`bad ${SECRET}`) },
      json: JSON.stringify({ secret: SECRET }),
    });
    const everything = [...inner.lines, ...ring.tail(1)].join('\n');
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(encodeURIComponent(SECRET));
    expect(everything).not.toContain(JSON.stringify(SECRET).slice(1, -1));
    expect(inner.lines[0]).toBe(
      'warn password [redacted] refused {"url":"rtmp://h/live/d?key=[redacted]",' +
        '"nested":{"list":["[redacted]",3],"error":"Error: bad [redacted]"},"json":"{\\"secret\\":\\"[redacted]\\"}"}',
    );
  });
});
