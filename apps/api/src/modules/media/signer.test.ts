import { describe, expect, it } from 'vitest';
import { PlaybackSigner } from './signer';

const KEY = 'k'.repeat(32);

function parse(query: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(query));
}

describe('PlaybackSigner', () => {
  const signer = new PlaybackSigner(KEY);
  const grant = { deviceId: 'PH-0001', viewer: 'u42', expires: 1_000 };

  it('accepts its own address for the device it was issued for, until it expires', () => {
    const q = parse(signer.query(grant));
    expect(q).toMatchObject({ e: '1000', v: 'u42' });
    expect(signer.check('PH-0001', q, 999)).toBe('ok');
    expect(signer.check('PH-0001', q, 1_000)).toBe('ok');
    expect(signer.check('PH-0001', q, 1_001)).toBe('expired');
  });

  it('refuses an address used for another device, edited, or signed with another key', () => {
    const q = parse(signer.query(grant));
    expect(signer.check('PH-0002', q, 0)).toBe('invalid');
    expect(signer.check('PH-0001', { ...q, e: '999999' }, 0)).toBe('invalid');
    expect(signer.check('PH-0001', { ...q, v: 'u43' }, 0)).toBe('invalid');
    const s = q.s ?? '';
    const flipped = `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.check('PH-0001', { ...q, s: flipped }, 0)).toBe('invalid');
    expect(new PlaybackSigner('x'.repeat(32)).check('PH-0001', q, 0)).toBe('invalid');
  });

  it('refuses malformed queries without throwing', () => {
    const q = parse(signer.query(grant));
    expect(signer.check('PH-0001', {}, 0)).toBe('invalid');
    expect(signer.check('PH-0001', { ...q, s: 'short' }, 0)).toBe('invalid');
    expect(signer.check('PH-0001', { ...q, e: '-1' }, 0)).toBe('invalid');
    expect(signer.check('PH-0001', { ...q, e: ['1000', '1000'] }, 0)).toBe('invalid');
    expect(signer.check('PH-0001', { ...q, v: '../x' }, 0)).toBe('invalid');
  });

  it('needs a key of at least 32 bytes and a plain viewer id', () => {
    expect(() => new PlaybackSigner('short')).toThrow(/32 bytes/);
    expect(() => signer.query({ ...grant, viewer: 'a b' })).toThrow(/viewer/);
  });

  it('gives each HLS segment a token that never changes and fits only that segment', () => {
    const signer = new PlaybackSigner('k'.repeat(32));
    const token = signer.segmentToken('PH-0001', '1700000000000', '41.ts');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(signer.segmentToken('PH-0001', '1700000000000', '41.ts')).toBe(token);
    expect(signer.checkSegment('PH-0001', '1700000000000', '41.ts', token)).toBe(true);
    expect(signer.checkSegment('PH-0001', '1700000000000', '42.ts', token)).toBe(false);
    expect(signer.checkSegment('PH-0002', '1700000000000', '41.ts', token)).toBe(false);
    expect(signer.checkSegment('PH-0001', '1700000000001', '41.ts', token)).toBe(false);
    expect(signer.checkSegment('PH-0001', '1700000000000', '41.ts', 'short')).toBe(false);
    expect(new PlaybackSigner('j'.repeat(32)).checkSegment('PH-0001', '1700000000000', '41.ts', token)).toBe(false);
  });
});
