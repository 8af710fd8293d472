import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CertificateLinkIdSchema } from '@petheart/contracts';
import { CertificateLinks } from './certificate-link';

const links = new CertificateLinks(Buffer.alloc(32, 7));

describe('a certificate’s public link id', () => {
  it('names its user to the server only: 22 base64url characters, the same every time, read back', () => {
    const id = links.idOf(42);
    expect(CertificateLinkIdSchema.safeParse(id).success).toBe(true);
    expect(links.idOf(42)).toBe(id);
    expect(links.userOf(id)).toBe(42);
    expect(links.userOf(links.idOf(2_147_483_647))).toBe(2_147_483_647);
    // Neighbouring users share nothing visible (no counter in the id).
    expect(links.idOf(43).slice(0, 4)).not.toBe(id.slice(0, 4));
    expect(id).not.toContain('42');
  });

  it('refuses ids it did not make: guessed, changed by one character, of another key, malformed', () => {
    const id = links.idOf(42);
    const flipped = `${id.slice(0, 10)}${id[10] === 'A' ? 'B' : 'A'}${id.slice(11)}`;
    expect(links.userOf(flipped)).toBeUndefined();
    expect(links.userOf(randomBytes(16).toString('base64url'))).toBeUndefined();
    expect(new CertificateLinks(Buffer.alloc(32, 8)).userOf(id)).toBeUndefined();
    for (const bad of ['', 'x'.repeat(21), `${id}A`, `${id.slice(0, 21)}!`, `${id.slice(0, 21)}B`])
      expect(links.userOf(bad)).toBeUndefined();
    expect(() => links.idOf(0)).toThrow(RangeError);
  });
});
