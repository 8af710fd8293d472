import { describe, expect, it } from 'vitest';
import { containsPattern } from './keyword';

describe('search keyword', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(containsPattern('cat')).toBe('%cat%');
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });
});
