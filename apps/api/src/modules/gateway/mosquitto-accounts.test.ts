import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mosquittoHash, replaceAccountLine, toggleAccountLine } from './mosquitto-accounts';

describe('Mosquitto password file lines', () => {
  it('hashes in the $7$ format (PBKDF2-SHA512 over the salt)', () => {
    const salt = Buffer.from('0123456789ab');
    const line = mosquittoHash('s3cret', salt, 101);
    const [, kind, iterations, saltB64, hashB64] = line.split('$');
    expect(kind).toBe('7');
    expect(iterations).toBe('101');
    expect(Buffer.from(saltB64 ?? '', 'base64')).toEqual(salt);
    expect(hashB64).toBe(pbkdf2Sync('s3cret', salt, 101, 64, 'sha512').toString('base64'));
    expect(mosquittoHash('s3cret')).not.toBe(mosquittoHash('s3cret'));
  });

  it('replaces, adds and removes one account, keeping the others', () => {
    const file = 'petheart-api:$7$a\nPH-0001:$7$old\nPH-00012:$7$other\n';
    expect(replaceAccountLine(file, 'PH-0001', 'PH-0001:$7$new')).toBe(
      'petheart-api:$7$a\nPH-00012:$7$other\nPH-0001:$7$new\n',
    );
    expect(replaceAccountLine('', 'PH-0002', 'PH-0002:$7$x')).toBe('PH-0002:$7$x\n');
    expect(replaceAccountLine(file, 'PH-0001', null)).toBe('petheart-api:$7$a\nPH-00012:$7$other\n');
  });

  it('disables by commenting the line out and enables by restoring it', () => {
    const file = 'PH-0001:$7$h\nPH-00011:$7$k\n';
    const disabled = toggleAccountLine(file, 'PH-0001', false);
    expect(disabled).toBe('#disabled PH-0001:$7$h\nPH-00011:$7$k\n');
    expect(toggleAccountLine(disabled, 'PH-0001', false)).toBe(disabled);
    expect(toggleAccountLine(disabled, 'PH-0001', true)).toBe(file);
    // A rotated secret replaces a disabled line too.
    expect(replaceAccountLine(disabled, 'PH-0001', 'PH-0001:$7$n')).toBe('PH-00011:$7$k\nPH-0001:$7$n\n');
  });
});
