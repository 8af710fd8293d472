import { PlaybackSchema, type Playback } from '@petheart/contracts';
import { Client, Pool } from 'undici';

// The synthetic viewers of bench/crowd.ts, all in this one process: each asks the API for its own playback
// address (one address opens at most 3 streams), then reads the stream as a player would, counting what it gets
// without decoding it. FLV: one endless response per viewer. HLS: the playlist every second and each new segment
// once, on the viewer's own keep-alive connection.

/** What a viewer has received so far: bytes, and media time (ms) by the stream's own clock. */
export interface Received {
  bytes: number;
  mediaMs: number;
  /** The stream ended, failed or was refused: the viewer gets nothing more. */
  failed: boolean;
}

export interface Viewer {
  received(): Received;
  close(): Promise<void>;
}

/**
 * Follows an FLV byte stream's tags (a 9-byte header and 4-byte size, then an 11-byte header, the data and a
 * 4-byte size per tag) and keeps the timestamp of the latest video tag: the media time a viewer has received.
 */
export class FlvClock {
  latestMs = 0;
  private readonly header = Buffer.alloc(11);
  private have = 0;
  private skip = 13;

  push(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - i);
        this.skip -= n;
        i += n;
        continue;
      }
      const n = Math.min(11 - this.have, chunk.length - i);
      chunk.copy(this.header, this.have, i, i + n);
      this.have += n;
      i += n;
      if (this.have < 11) return;
      this.have = 0;
      const h = this.header;
      if (((h[0] ?? 0) & 0x1f) === 9) this.latestMs = (h.readUIntBE(4, 3) | ((h[7] ?? 0) << 24)) >>> 0;
      this.skip = h.readUIntBE(1, 3) + 4;
    }
  }
}

/** Asks the API for a playback address of the camera (anonymous: a viewer of its own each time). */
export async function play(api: Pool, deviceId: string): Promise<Playback> {
  const res = await api.request({
    method: 'POST',
    path: '/api/live/play',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ device_id: deviceId }),
  });
  const body = (await res.body.json()) as { code?: number; data?: unknown };
  if (res.statusCode !== 200 || body.code !== 1) throw new Error(`play: HTTP ${String(res.statusCode)}`);
  return PlaybackSchema.parse(body.data);
}

/** A viewer of the API's HTTP-FLV: one response read to its end, the bytes counted and the tags' clock followed. */
export async function flvViewer(apiUrl: string, flvPath: string): Promise<Viewer> {
  const client = new Client(apiUrl);
  const clock = new FlvClock();
  const state = { bytes: 0, failed: false };
  const res = await client.request({ method: 'GET', path: flvPath });
  if (res.statusCode !== 200) {
    await res.body.dump();
    await client.destroy();
    throw new Error(`FLV: HTTP ${String(res.statusCode)}`);
  }
  res.body.on('data', (chunk: Buffer) => {
    state.bytes += chunk.byteLength;
    clock.push(chunk);
  });
  res.body.once('end', () => (state.failed = true));
  res.body.once('error', () => (state.failed = true));
  return {
    received: () => ({ bytes: state.bytes, mediaMs: clock.latestMs, failed: state.failed }),
    // Destroying the client closes its socket at once (an open response otherwise holds the API's shutdown).
    close: () => client.destroy(),
  };
}

/** The segments of a live HLS playlist: media sequence number, duration (ms) and address. */
export function parsePlaylist(text: string, base: URL): { seq: number; ms: number; url: URL }[] {
  const first = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? 0);
  const out: { seq: number; ms: number; url: URL }[] = [];
  let duration = 0;
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8)) * 1000;
    else if (line && !line.startsWith('#')) {
      out.push({ seq: first + out.length, ms: duration, url: new URL(line, base) });
      duration = 0;
    }
  }
  return out;
}

/**
 * A viewer of HLS that behaves like a player at the live edge: the playlist every second (on its own keep-alive
 * connection), then each segment it has not fetched yet, once, in order; it starts at the newest segment.
 */
export function hlsViewer(hlsUrl: string): Viewer {
  const playlist = new URL(hlsUrl);
  const client = new Client(playlist.origin, { keepAliveTimeout: 10_000 });
  const state = { bytes: 0, mediaMs: 0, errors: 0 };
  let next = -1;
  let closed = false;
  const get = async (url: URL) => {
    const res = await client.request({ method: 'GET', path: url.pathname + url.search });
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new Error(`HLS: HTTP ${String(res.statusCode)} for ${url.pathname}`);
    }
    return res.body;
  };
  const poll = async () => {
    const segments = parsePlaylist(await (await get(playlist)).text(), playlist);
    if (next < 0) next = segments.at(-1)?.seq ?? -1;
    for (const segment of segments) {
      if (closed || segment.seq < next) continue;
      for await (const chunk of await get(segment.url)) state.bytes += (chunk as Buffer).byteLength;
      state.mediaMs += segment.ms;
      next = segment.seq + 1;
    }
  };
  const loop = async () => {
    // Viewers arrive at random moments of the second, as real ones do, not all at once.
    await new Promise((r) => setTimeout(r, Math.random() * 1000));
    while (!closed) {
      const started = Date.now();
      try {
        await poll();
        state.errors = 0;
      } catch {
        state.errors++;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
    }
  };
  const running = loop();
  return {
    // A player retries a failed request; one that keeps failing has lost the stream.
    received: () => ({ bytes: state.bytes, mediaMs: state.mediaMs, failed: state.errors >= 5 }),
    async close() {
      closed = true;
      await client.destroy();
      await running;
    },
  };
}

/** Runs `fn` for 0..count-1, `width` at a time. */
async function eachOf(count: number, width: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      for (let i = next++; i < count; i = next++) await fn(i);
    }),
  );
}

/** The crowd: synthetic viewers of one camera, on the API's FLV or on the HLS its answer points at (an edge). */
export function crowd(apiUrl: string, deviceId: string, kind: 'flv' | 'hls') {
  const api = new Pool(apiUrl, { connections: 16 });
  const viewers: Viewer[] = [];
  let refused = 0;
  const join = async () => {
    const playback = await play(api, deviceId);
    if (kind === 'hls') {
      if (!playback.hls_url) throw new Error('no HLS address yet');
      return hlsViewer(new URL(playback.hls_url, apiUrl).href);
    }
    if (!playback.flv_url) throw new Error('no FLV address (scaled out?)');
    return flvViewer(apiUrl, playback.flv_url);
  };
  return {
    /** Viewers that asked to join and got no stream (no address, or the stream refused). */
    get refused() {
      return refused;
    },
    /** Adds viewers (16 joining at a time) until `count` have asked to join. */
    async grow(count: number): Promise<void> {
      await eachOf(count - viewers.length - refused, 16, async () => {
        try {
          viewers.push(await join());
        } catch {
          refused++;
        }
      });
    },
    received: (): Received[] => viewers.map((v) => v.received()),
    async close(): Promise<void> {
      await Promise.all(viewers.splice(0).map((v) => v.close()));
      await api.destroy();
    },
  };
}
