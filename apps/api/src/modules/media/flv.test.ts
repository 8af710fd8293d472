import { describe, expect, it } from 'vitest';
import { fixMetadataTag, flvHeader } from './flv';

function scriptTag(body: Buffer): Buffer {
  const tag = Buffer.alloc(11 + body.length + 4);
  tag[0] = 18;
  tag.writeUIntBE(body.length, 1, 3);
  body.copy(tag, 11);
  tag.writeUInt32BE(11 + body.length, 11 + body.length);
  return tag;
}
const amfString = (s: string) => Buffer.concat([Buffer.from([0x02, 0x00, s.length]), Buffer.from(s, 'latin1')]);
const metadata = Buffer.concat([amfString('onMetaData'), Buffer.from([0x08, 0, 0, 0, 0, 0, 0, 9])]);

describe('fixMetadataTag', () => {
  it('turns RTMP’s “@setDataFrame onMetaData {…}” into the FLV “onMetaData {…}”', () => {
    const fixed = fixMetadataTag(scriptTag(Buffer.concat([amfString('@setDataFrame'), metadata])));
    expect(fixed).toEqual(scriptTag(metadata));
  });

  it('leaves every other tag alone (the same buffer)', () => {
    const plain = scriptTag(metadata);
    expect(fixMetadataTag(plain)).toBe(plain);
    const video = Buffer.from(scriptTag(Buffer.concat([amfString('@setDataFrame'), metadata])));
    video[0] = 9;
    expect(fixMetadataTag(video)).toBe(video);
    const truncated = scriptTag(Buffer.concat([amfString('@setDataFrame'), metadata])).subarray(0, 30);
    expect(fixMetadataTag(truncated)).toBe(truncated);
  });
});

describe('flvHeader', () => {
  it('announces the tracks the stream has', () => {
    expect(flvHeader(false, true).toString('hex')).toBe('464c5601010000000900000000');
    expect(flvHeader(true, true)[4]).toBe(5);
  });
});
