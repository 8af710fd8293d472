/**
 * How proof clips are planned (issue 28 §1), without timers or I/O: a feed's window, and whether it joins its
 * device's open clip or starts a new one. Times are milliseconds on the app's clock.
 */
export interface ProofTiming {
  /** The clip starts this long before the dispense began… */
  leadMs: number;
  /** …and ends this long after the device's answer. */
  tailMs: number;
  /** A clip that feeds joined covers at most this long; the next feed starts another. */
  capMs: number;
  /**
   * A dispense is taken to have begun at most this long before its answer (a feed that waited in its
   * device's queue began when the one ahead of it was answered, not when it was tapped).
   */
  maxDispenseMs: number;
}

/** 2 s before the dispense to 6 s after the answer, clips of at most 30 s, dispenses of at most 20 s. */
export const PROOF_TIMING: ProofTiming = { leadMs: 2_000, tailMs: 6_000, capMs: 30_000, maxDispenseMs: 20_000 };

export interface ProofWindow {
  startMs: number;
  endMs: number;
}

/** A feed whose food fell, as the planner needs it. */
export interface FedFeed {
  id: string;
  deviceId: string;
  /** When the feed was made. */
  createdMs: number;
  /** When it was settled (the device's answer). */
  answeredMs: number;
}

/**
 * The window a feed's clip covers: from `leadMs` before its dispense began to `tailMs` after its answer. The
 * dispense began when the feed was made, or when the device answered the feed before it (`previousAnswerMs`:
 * one dispense at a time per device), whichever is later, and at most `maxDispenseMs` before the answer.
 */
export function feedWindow(feed: FedFeed, previousAnswerMs: number | undefined, t: ProofTiming): ProofWindow {
  const began = Math.max(feed.createdMs, previousAnswerMs ?? -Infinity, feed.answeredMs - t.maxDispenseMs);
  return { startMs: Math.min(began, feed.answeredMs) - t.leadMs, endMs: feed.answeredMs + t.tailMs };
}

/** A device's clip not cut yet: its window and the feeds it covers. */
export interface OpenClip extends ProofWindow {
  id: string;
  deviceId: string;
  feedIds: string[];
}

export type Placement =
  /** The window overlaps or touches the open clip and the union stays within the cap: the clip grows. */
  | { kind: 'join'; clip: OpenClip }
  /** No open clip, a gap between them, or the cap reached: a new clip with only this feed. */
  | { kind: 'new'; clip: OpenClip };

/**
 * Where a feed's window goes. Joining never shortens the clip (its start stays, its end is the later one). The
 * returned clip is a new object; `open` is not changed.
 */
export function placeFeed(
  open: OpenClip | undefined,
  feed: { id: string; deviceId: string },
  window: ProofWindow,
  capMs: number,
  newId: () => string,
): Placement {
  if (open && open.deviceId === feed.deviceId && window.startMs <= open.endMs && window.endMs >= open.startMs) {
    const startMs = Math.min(open.startMs, window.startMs);
    const endMs = Math.max(open.endMs, window.endMs);
    if (endMs - startMs <= capMs)
      return { kind: 'join', clip: { ...open, startMs, endMs, feedIds: [...open.feedIds, feed.id] } };
  }
  return {
    kind: 'new',
    clip: { id: newId(), deviceId: feed.deviceId, startMs: window.startMs, endMs: window.endMs, feedIds: [feed.id] },
  };
}

/**
 * The clips a device's feeds make, in answer order, when each clip is cut `cutDelayMs` after its end (a feed
 * answered after its device's open clip was cut starts a new one). For tests and the bench: the clipper does the
 * same one feed at a time.
 */
export function planClips(feeds: FedFeed[], t: ProofTiming, cutDelayMs: number, newId: () => string): OpenClip[] {
  const done: OpenClip[] = [];
  const open = new Map<string, OpenClip>();
  const lastAnswer = new Map<string, number>();
  for (const feed of [...feeds].sort((a, b) => a.answeredMs - b.answeredMs)) {
    let current = open.get(feed.deviceId);
    if (current && feed.answeredMs >= current.endMs + cutDelayMs) {
      done.push(current);
      current = undefined;
    }
    const window = feedWindow(feed, lastAnswer.get(feed.deviceId), t);
    lastAnswer.set(feed.deviceId, feed.answeredMs);
    const placed = placeFeed(current, feed, window, t.capMs, newId);
    if (placed.kind === 'new' && current) done.push(current);
    open.set(feed.deviceId, placed.clip);
  }
  return [...done, ...open.values()];
}
