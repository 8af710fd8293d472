/** A recorded segment on disk: `{index}.ts`, last written at mtimeMs. */
export interface SegmentFile {
  index: number;
  name: string;
  size: number;
  mtimeMs: number;
}

export interface SegmentChoice {
  names: string[];
  /** Wall-clock time the chosen segments span (the clip's duration, near enough). */
  durationMs: number;
}

/** Segment files are `000123.ts`: the index, zero-padded so names sort in order. */
export function segmentIndex(name: string): number | undefined {
  const match = /^(\d{6,})\.ts$/.exec(name);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * The newest segments that together cover the last `windowMs` (whole segments: each starts on a
 * keyframe, so a clip is between windowMs and windowMs plus one segment long, or everything there is).
 * A live recording writes segment n while 0…n-1 are complete: segment k began when k-1 was last
 * written (segment 0 when the recording started), the one being written ends now.
 */
export function coveringSegments(
  files: SegmentFile[],
  recordingStartedMs: number,
  nowMs: number,
  windowMs: number,
  segmentMs: number,
): SegmentChoice {
  const sorted = files.filter((f) => f.size > 0).sort((a, b) => a.index - b.index);
  const chosen: string[] = [];
  let startMs = nowMs;
  for (let i = sorted.length - 1; i >= 0; i--) {
    const file = sorted[i];
    if (!file) break;
    const previous = sorted[i - 1];
    const start =
      previous?.index === file.index - 1
        ? previous.mtimeMs
        : file.index === 0
          ? recordingStartedMs
          : file.mtimeMs - segmentMs;
    chosen.unshift(file.name);
    startMs = Math.min(startMs, start);
    if (nowMs - startMs >= windowMs) break;
  }
  return { names: chosen, durationMs: chosen.length ? Math.max(0, nowMs - startMs) : 0 };
}
