import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Clock } from '../../lib/clock';
import { tellListeners } from '../../lib/listeners';
import { writeClip } from '../media/clip-file';
import type { MediaEngine } from '../media/engine';
import { feedWindow, placeFeed, PROOF_TIMING, type FedFeed, type OpenClip, type ProofTiming } from './planner';
import type { ProofEnd, ProofRepository } from './repository';

/** A clip's end as listeners hear it (tests wait for it; the bench counts them). */
export interface ProofClipEvent {
  id: string;
  deviceId: string;
  feedIds: string[];
  end: ProofEnd;
}

export interface ProofClipperDeps {
  repo: Pick<ProofRepository, 'open' | 'extend' | 'finish' | 'fail' | 'cameraOnline'>;
  media: Pick<MediaEngine, 'cameraOnline' | 'recent'>;
  ffmpeg: string;
  /** Clips are written to uploadDir/proofs/ (served at /uploads/proofs/) through temporary files in workDir. */
  uploadDir: string;
  workDir: string;
  clock: Clock;
  timing?: ProofTiming;
  /** A clip is cut this long after its window ends (the recording's last packets reach the disk). */
  cutDelayMs?: number;
  /** Clips cut at once (ffmpeg stream copies); the others wait their turn. */
  maxConcurrentCuts?: number;
  /** Joins the recording's segments into the clip's MP4 (clip-file.ts; tests pass a stand-in). */
  writeClip?: typeof writeClip;
  onError: (error: unknown) => void;
}

interface Clip extends OpenClip {
  /** Its cut has begun. */
  cutting: boolean;
  /** Its row exists. */
  stored: boolean;
  /** The row's writes, one at a time; `version` counts changes, `saved` the last one written. */
  writing: Promise<void> | undefined;
  version: number;
  saved: number;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Cuts a proof clip for every feed whose food fell (issue 28 §1): each device's feeds whose windows overlap or
 * touch share one clip (its end extended, up to the cap; planner.ts), so the cost grows with dispenses per device,
 * not with taps. The clip's row is written pending as soon as it is planned (with its feeds linked),
 * and at the window's end the clip is cut from the device's recording (MediaEngine.recent,
 * stream copy into uploads/proofs/{id}.mp4): ready, no_camera when the camera was not streaming, failed when the
 * cut failed.
 */
export class ProofClipper {
  /** Each device's clip that feeds may still join. */
  private readonly open = new Map<string, Clip>();
  /** Every clip planned here and not ended yet. */
  private readonly clips = new Set<Clip>();
  /** Each device's latest answer (the next dispense began after it). */
  private readonly lastAnswer = new Map<string, number>();
  private readonly cutting = new Set<Promise<void>>();
  private readonly listeners = new Set<(event: ProofClipEvent) => void>();
  private readonly queue: (() => void)[] = [];
  private running = 0;
  private stopped = false;
  private readonly timing: ProofTiming;

  constructor(private readonly deps: ProofClipperDeps) {
    this.timing = deps.timing ?? PROOF_TIMING;
  }

  /** Feeds whose food fell (after their settlement's commit): each joins its device's open clip or starts one. */
  fed(feeds: { id: string; deviceId: string; createdAt: Date; settledAt: Date | null }[]): void {
    if (this.stopped) return;
    const touched = new Set<Clip>();
    for (const f of feeds) {
      const feed: FedFeed = {
        id: f.id,
        deviceId: f.deviceId,
        createdMs: f.createdAt.getTime(),
        answeredMs: (f.settledAt ?? this.deps.clock.now()).getTime(),
      };
      const window = feedWindow(feed, this.lastAnswer.get(feed.deviceId), this.timing);
      this.lastAnswer.set(feed.deviceId, Math.max(feed.answeredMs, this.lastAnswer.get(feed.deviceId) ?? 0));
      const open = this.open.get(feed.deviceId);
      const placed = placeFeed(open, feed, window, this.timing.capMs, randomUUID);
      // The open clip stays as it is (a gap, or the cap): it is cut at its own time.
      if (placed.kind === 'new' && open) this.open.delete(open.deviceId);
      const clip: Clip =
        placed.kind === 'join' && open
          ? Object.assign(open, placed.clip)
          : {
              ...placed.clip,
              cutting: false,
              stored: false,
              writing: undefined,
              version: 0,
              saved: 0,
              timer: undefined,
            };
      this.open.set(feed.deviceId, clip);
      this.clips.add(clip);
      clip.version += 1;
      touched.add(clip);
    }
    for (const clip of touched) {
      this.write(clip);
      this.schedule(clip);
    }
    this.forgetOldAnswers();
  }

  /** Listens to clips as they end; returns the unsubscribe. */
  onClip(listener: (event: ProofClipEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The clips this process has planned and not ended (the stale sweep leaves them alone). */
  inProgress(): string[] {
    return [...this.clips].map((c) => c.id);
  }

  /**
   * Stops: clips not cut yet will not be (their rows are failed: a receipt never says "preparing" for a clip
   * no process will make); cuts under way are waited for.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.open.clear();
    const left = [...this.clips].filter((c) => !c.cutting);
    for (const clip of left) {
      clearTimeout(clip.timer);
      this.clips.delete(clip);
    }
    for (const start of this.queue.splice(0)) start();
    await Promise.allSettled(left.flatMap((c) => (c.writing ? [c.writing] : [])));
    await this.deps.repo.fail(left.filter((c) => c.stored).map((c) => c.id)).catch(this.deps.onError);
    while (this.cutting.size > 0) await Promise.allSettled([...this.cutting]);
  }

  /** Writes what changed of the clip's row (in order; changes made meanwhile go in the next write). */
  private write(clip: Clip): void {
    if (clip.writing) return;
    clip.writing = (async () => {
      while (clip.saved < clip.version) {
        const version = clip.version;
        const window = { startsAt: new Date(clip.startMs), endsAt: new Date(clip.endMs) };
        try {
          const feedIds = [...clip.feedIds];
          if (clip.stored) await this.deps.repo.extend(clip.id, window, feedIds);
          else {
            await this.deps.repo.open(
              { id: clip.id, deviceId: clip.deviceId, ...window, createdAt: this.deps.clock.now() },
              feedIds,
            );
            clip.stored = true;
          }
        } catch (error) {
          this.deps.onError(error);
        }
        clip.saved = version;
      }
    })().finally(() => {
      clip.writing = undefined;
      // A change made between the last write and now.
      if (clip.saved < clip.version) this.write(clip);
    });
  }

  /** The clip is cut once its window has ended (a clip that grew is cut later). */
  private schedule(clip: Clip): void {
    clearTimeout(clip.timer);
    const delay = Math.max(0, clip.endMs - this.deps.clock.now().getTime()) + (this.deps.cutDelayMs ?? 500);
    clip.timer = setTimeout(() => {
      if (this.open.get(clip.deviceId) === clip) this.open.delete(clip.deviceId);
      this.startCut(clip);
    }, delay);
    clip.timer.unref();
  }

  private startCut(clip: Clip): void {
    clip.cutting = true;
    const work = this.cut(clip)
      .catch(this.deps.onError)
      .finally(() => {
        this.cutting.delete(work);
        this.clips.delete(clip);
      });
    this.cutting.add(work);
  }

  private async cut(clip: Clip): Promise<void> {
    while (clip.writing) await clip.writing;
    if (!clip.stored) return;
    await this.turn();
    let end: ProofEnd;
    try {
      end = this.stopped ? { state: 'failed' } : await this.cutFile(clip);
    } finally {
      this.release();
    }
    await this.deps.repo.finish(clip.id, end);
    tellListeners(this.listeners, { id: clip.id, deviceId: clip.deviceId, feedIds: clip.feedIds, end }, (e) => {
      this.deps.onError(e);
    });
  }

  /** Cuts the clip's window from the device's recording (no re-encoding). */
  private async cutFile(clip: Clip): Promise<ProofEnd> {
    const { media, repo } = this.deps;
    const online = media.cameraOnline({ id: clip.deviceId, cameraOnline: await repo.cameraOnline(clip.deviceId) });
    if (!online) return { state: 'no_camera' };
    // The window, and however late the cut is (the recording's newest seconds are after the window's end).
    const late = Math.max(0, this.deps.clock.now().getTime() - clip.endMs);
    const recent = await media.recent(clip.deviceId, clip.endMs - clip.startMs + late);
    // The recording must reach back to the last answer at least: a camera that came back after it proves nothing.
    if (recent.files.length === 0 || recent.durationMs < this.timing.tailMs + late) return { state: 'no_camera' };
    const file = `proofs/${clip.id}.mp4`;
    try {
      const written = await (this.deps.writeClip ?? writeClip)(
        this.deps.ffmpeg,
        recent.files,
        path.join(this.deps.uploadDir, file),
        this.deps.workDir,
      );
      return { state: 'ready', path: file, durationMs: written.durationMs, bytes: written.bytes };
    } catch (error) {
      this.deps.onError(error);
      return { state: 'failed' };
    }
  }

  /** Waits for a cut slot. */
  private turn(): Promise<void> {
    if (this.running < (this.deps.maxConcurrentCuts ?? 2)) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.queue.push(() => {
        this.running++;
        resolve();
      }),
    );
  }

  private release(): void {
    this.running--;
    this.queue.shift()?.();
  }

  /** Answers older than a clip's cap no longer bound a dispense's start. */
  private forgetOldAnswers(): void {
    if (this.lastAnswer.size < 1_000) return;
    const before = this.deps.clock.now().getTime() - this.timing.capMs;
    for (const [deviceId, at] of this.lastAnswer) if (at < before) this.lastAnswer.delete(deviceId);
  }
}
