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
