/** Minimal MP4 reading: enough to check what ffmpeg wrote and to know its duration without ffprobe. */

interface Box {
  type: string;
  start: number;
  end: number;
  body: number;
}

function boxes(data: Buffer, from: number, to: number): Box[] {
  const found: Box[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let body = offset + 8;
    if (size === 1) {
      if (offset + 16 > to) break;
      size = Number(data.readBigUInt64BE(offset + 8));
      body = offset + 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < body - offset || offset + size > to) break;
    found.push({ type, start: offset, end: offset + size, body });
    offset += size;
  }
  return found;
}

export interface Mp4Info {
  /** The ftyp major brand, e.g. 'isom'. */
  brand: string;
  durationMs: number;
  /** Whether the moov box comes before the media data (playback starts before the download ends). */
  faststart: boolean;
}

/** Reads an MP4's brand and duration (movie header); undefined when it is not a complete MP4. */
export function readMp4(data: Buffer): Mp4Info | undefined {
  const top = boxes(data, 0, data.length);
  const ftyp = top[0];
  if (ftyp?.type !== 'ftyp' || ftyp.end - ftyp.body < 4) return undefined;
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) return undefined;
  const mvhd = boxes(data, moov.body, moov.end).find((b) => b.type === 'mvhd');
  if (!mvhd || mvhd.end - mvhd.body < 20) return undefined;
  const version = data[mvhd.body];
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (mvhd.end - mvhd.body < 32) return undefined;
    timescale = data.readUInt32BE(mvhd.body + 20);
    duration = Number(data.readBigUInt64BE(mvhd.body + 24));
  } else {
    timescale = data.readUInt32BE(mvhd.body + 12);
    duration = data.readUInt32BE(mvhd.body + 16);
  }
  if (timescale === 0) return undefined;
  const mdat = top.find((b) => b.type === 'mdat');
  return {
    brand: data.toString('latin1', ftyp.body, ftyp.body + 4),
    durationMs: Math.round((duration / timescale) * 1000),
    faststart: mdat === undefined || moov.start < mdat.start,
  };
}
