import { describe, expect, it } from 'vitest';
import { readMp4 } from './mp4';

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  if (version === 0) {
    const b = Buffer.alloc(100);
    b.writeUInt32BE(timescale, 12);
    b.writeUInt32BE(duration, 16);
    return box('mvhd', b);
  }
  const b = Buffer.alloc(112);
  b[0] = 1;
  b.writeUInt32BE(timescale, 20);
  b.writeBigUInt64BE(BigInt(duration), 24);
  return box('mvhd', b);
}

const ftyp = box('ftyp', Buffer.from('isom'), Buffer.alloc(4), Buffer.from('isomiso2avc1mp41'));

describe('readMp4', () => {
  it('reads the brand, the duration and whether moov comes first', () => {
    const file = Buffer.concat([ftyp, box('moov', mvhd(0, 1000, 15_040)), box('mdat', Buffer.alloc(32))]);
    expect(readMp4(file)).toEqual({ brand: 'isom', durationMs: 15_040, faststart: true });
    const late = Buffer.concat([ftyp, box('mdat', Buffer.alloc(32)), box('moov', mvhd(1, 90_000, 540_000))]);
    expect(readMp4(late)).toEqual({ brand: 'isom', durationMs: 6_000, faststart: false });
  });

  it('answers undefined for anything else', () => {
    expect(readMp4(Buffer.from('FLV\x01'))).toBeUndefined();
    expect(readMp4(Buffer.concat([ftyp, box('mdat', Buffer.alloc(8))]))).toBeUndefined();
    expect(readMp4(Buffer.concat([box('moov', mvhd(0, 1000, 1)), ftyp]))).toBeUndefined();
    expect(readMp4(Buffer.concat([ftyp, box('moov', mvhd(0, 0, 1))]))).toBeUndefined();
    // Truncated in the middle of a box.
    const whole = Buffer.concat([ftyp, box('moov', mvhd(0, 1000, 1))]);
    expect(readMp4(whole.subarray(0, whole.length - 10))).toBeUndefined();
  });
});
