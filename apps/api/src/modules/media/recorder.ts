import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, readdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FlvSink } from './ingest';
import { coveringSegments, segmentIndex, type SegmentChoice, type SegmentFile } from './segments';

export interface RecorderOptions {
  ffmpeg: string;
  /** The recording's own folder (emptied at start, removed at stop). */
  dir: string;
  segmentMs: number;
  /** Segments older than this are deleted. */
  keepMs: number;
  /** ffmpeg ended by itself (not through stop()). */
  onExit: (reason: string) => void;
  /** Also write the stream as live HLS into `dir/hls/` (index.m3u8 and its segments), from the same ffmpeg. */
  hls?: HlsOptions;
}

export interface HlsOptions {
  /** Target segment length; the cameras send a keyframe every second, where segments are cut. */
  segmentSeconds: number;
  /** Segments the playlist lists (older ones are deleted). */
  listSize: number;
}

/** The live HLS playlist's file name in a recording's `hls/` folder. */
export const HLS_PLAYLIST = 'index.m3u8';
/** An HLS segment's file name: its sequence number. */
export const HLS_SEGMENT = /^\d{1,9}\.ts$/;

/** Every video and audio stream of the input, as it is (no re-encoding): before each output. */
const COPY_STREAMS = ['-map', '0:v?', '-map', '0:a?', '-c', 'copy'];

/** ffmpeg's HLS muxer: a live playlist (temp file then rename) of `listSize` 1 s segments, old ones deleted. */
function hlsOutput(dir: string, o: HlsOptions): string[] {
  return [
    ...COPY_STREAMS,
    '-f',
    'hls',
    '-hls_time',
    String(o.segmentSeconds),
    '-hls_list_size',
    String(o.listSize),
    '-hls_flags',
    'delete_segments+omit_endlist+temp_file+independent_segments',
    '-hls_segment_filename',
    path.join(dir, '%d.ts'),
    path.join(dir, HLS_PLAYLIST),
  ];
}

/** Beyond this much FLV waiting for ffmpeg the recording is dropped rather than let memory grow. */
const MAX_BACKLOG_BYTES = 8 * 1024 * 1024;

/**
 * A rolling recording of one live stream: the stream's FLV goes into ffmpeg's stdin, which cuts it
 * (copy, no re-encoding) into short MPEG-TS segments on disk; old segments are deleted as new ones come.
 */
export class StreamRecorder {
  private child: ChildProcessWithoutNullStreams | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private startedAtMs = 0;
  private stopping = false;
  private exited: Promise<void> = Promise.resolve();
  private stderr = '';

  constructor(private readonly options: RecorderOptions) {}

  /** Where the stream's FLV goes. */
  readonly sink: FlvSink = {
    write: (chunk) => {
      const stdin = this.child?.stdin;
      if (!stdin?.writable) return;
      if (stdin.writableLength > MAX_BACKLOG_BYTES) {
        this.child?.kill('SIGKILL');
        return;
      }
      stdin.write(chunk);
    },
    end: () => {
      // The stream ended: ffmpeg finishing now is expected, not a failure.
      this.stopping = true;
      this.child?.stdin.end();
    },
  };

  /** Where the live HLS is written (when asked for), and when this recording began (names its segments). */
  get hls(): { dir: string; startedAtMs: number } | undefined {
    return this.options.hls && this.child
      ? { dir: path.join(this.options.dir, 'hls'), startedAtMs: this.startedAtMs }
      : undefined;
  }

  async start(): Promise<void> {
    const { dir } = this.options;
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    if (this.options.hls) await mkdir(path.join(dir, 'hls'));
    const child = spawn(
      this.options.ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        // The FLV carries its codec headers up front: no need to read seconds of it before starting.
        '-probesize',
        '65536',
        '-analyzeduration',
        '500000',
        '-f',
        'flv',
        '-i',
        'pipe:0',
        ...COPY_STREAMS,
        '-f',
        'segment',
        '-segment_time',
        String(this.options.segmentMs / 1000),
        '-segment_format',
        'mpegts',
        // Each packet goes to disk at once: the segment being written is part of a clip too.
        '-segment_format_options',
        'flush_packets=1',
        '-reset_timestamps',
        '1',
        path.join(dir, '%06d.ts'),
        ...(this.options.hls ? hlsOutput(path.join(dir, 'hls'), this.options.hls) : []),
      ],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    ) as unknown as ChildProcessWithoutNullStreams;
    this.child = child;
    this.startedAtMs = Date.now();
    child.stdin.on('error', () => undefined); // EPIPE when ffmpeg has gone: its exit is reported below.
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-1_000);
    });
    this.exited = new Promise((resolve) => {
      child.once('error', (error) => {
        if (!this.stopping) this.options.onExit(error.message);
        resolve();
      });
      child.once('close', (code, signal) => {
        if (!this.stopping) this.options.onExit(`ffmpeg ended (${signal ?? String(code)}): ${this.stderr.trim()}`);
        resolve();
      });
    });
    this.sweeper = setInterval(() => {
      void this.sweep();
    }, this.options.segmentMs);
    this.sweeper.unref();
  }

  /** The segments covering the last `windowMs` (absolute paths), as far as the recording goes back. */
  async recent(windowMs: number): Promise<{ files: string[]; durationMs: number }> {
    const choice: SegmentChoice = coveringSegments(
      await this.segments(),
      this.startedAtMs,
      Date.now(),
      windowMs,
      this.options.segmentMs,
    );
    return { files: choice.names.map((n) => path.join(this.options.dir, n)), durationMs: choice.durationMs };
  }

  /** Ends the recording and deletes its segments. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweeper);
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.stdin.end();
      const killer = setTimeout(() => child.kill('SIGKILL'), 2_000);
      await this.exited;
      clearTimeout(killer);
    }
    await rm(this.options.dir, { recursive: true, force: true });
  }

  private async segments(): Promise<SegmentFile[]> {
    let names: string[];
    try {
      names = await readdir(this.options.dir);
    } catch {
      return [];
    }
    const files = await Promise.all(
      names.map(async (name) => {
        const index = segmentIndex(name);
        if (index === undefined) return undefined;
        try {
          const s = await stat(path.join(this.options.dir, name));
          return { index, name, size: s.size, mtimeMs: s.mtimeMs };
        } catch {
          return undefined;
        }
      }),
    );
    return files.filter((f) => f !== undefined);
  }

  private async sweep(): Promise<void> {
    const files = (await this.segments()).sort((a, b) => a.index - b.index);
    const before = Date.now() - this.options.keepMs;
    // Never the newest: it is the one being written.
    for (const file of files.slice(0, -1)) {
      if (file.mtimeMs < before) await unlink(path.join(this.options.dir, file.name)).catch(() => undefined);
    }
  }
}
