/** Small FLV rewrites for what node-media-server sends its subscribers. */

const SCRIPT_TAG = 18;
// AMF0 string "@setDataFrame": marker 0x02, length 13, the name.
const SET_DATA_FRAME = Buffer.from([0x02, 0x00, 0x0d, ...Buffer.from('@setDataFrame', 'latin1')]);

/**
 * RTMP publishers send their metadata as `@setDataFrame onMetaData {…}`; NMS passes it on as is. In FLV
 * the tag must be `onMetaData {…}` (ffmpeg otherwise sees an unknown data stream and probes the whole
 * input for it). Answers the tag rewritten, or the same buffer when there is nothing to change.
 */
export function fixMetadataTag(tag: Buffer): Buffer {
  if (tag.length < 15 + SET_DATA_FRAME.length || tag[0] !== SCRIPT_TAG) return tag;
  const size = tag.readUIntBE(1, 3);
  if (11 + size + 4 !== tag.length || !tag.subarray(11, 11 + SET_DATA_FRAME.length).equals(SET_DATA_FRAME)) return tag;
  const body = tag.subarray(11 + SET_DATA_FRAME.length, 11 + size);
  const fixed = Buffer.alloc(11 + body.length + 4);
  tag.copy(fixed, 0, 0, 11);
  fixed.writeUIntBE(body.length, 1, 3);
  body.copy(fixed, 11);
  fixed.writeUInt32BE(11 + body.length, 11 + body.length);
  return fixed;
}

/** The FLV file header (with its first previous-tag-size) announcing audio and/or video. */
export function flvHeader(hasAudio: boolean, hasVideo: boolean): Buffer {
  const header = Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x00, 0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x00]);
  header[4] = (hasAudio ? 4 : 0) | (hasVideo ? 1 : 0);
  return header;
}
