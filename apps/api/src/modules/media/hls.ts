import { HLS_SEGMENT } from './recorder';

/**
 * The live playlist ffmpeg wrote, for one viewer: every segment line (`12.ts`) becomes the segment's own
 * address (`segmentUrl`), every tag line stays as it is. A playlist that is not one (no `#EXTM3U` first) is
 * refused: the caller answers not_found.
 */
export function viewerPlaylist(text: string, segmentUrl: (segment: string) => string): string | undefined {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== '#EXTM3U') return undefined;
  return lines
    .map((line) => {
      const trimmed = line.trim();
      return HLS_SEGMENT.test(trimmed) ? segmentUrl(trimmed) : line;
    })
    .join('\n');
}

/** A segment a media playlist lists: its URI as written and its duration (#EXTINF), ms. */
export interface ListedSegment {
  uri: string;
  durationMs: number;
}

/** The segments of a media playlist, oldest first (undefined when the text is not a playlist). */
export function listedSegments(text: string): ListedSegment[] | undefined {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== '#EXTM3U') return undefined;
  const segments: ListedSegment[] = [];
  let duration: number | undefined;
  for (const line of lines) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]) * 1000;
    else if (line && !line.startsWith('#')) {
      segments.push({ uri: line, durationMs: Math.round(duration ?? 0) });
      duration = undefined;
    }
  }
  return segments;
}

/** The newest segments that together cover `windowMs` (all of them when the playlist is shorter). */
export function coveringTail(segments: ListedSegment[], windowMs: number): { uris: string[]; durationMs: number } {
  const uris: string[] = [];
  let durationMs = 0;
  for (let i = segments.length - 1; i >= 0 && durationMs < windowMs; i--) {
    const segment = segments[i];
    if (!segment) break;
    uris.unshift(segment.uri);
    durationMs += segment.durationMs;
  }
  return { uris, durationMs };
}
