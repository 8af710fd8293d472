import { coveringTail, listedSegments } from '../hls';
import type { RecentMedia } from '../engine';

export type Fetch = typeof fetch;

/** How long the API waits for the origin's internal HTTP. */
const ORIGIN_TIMEOUT_MS = 3_000;

/**
 * The nginx origin's internal HTTP (deploy/nginx/origin.conf.template): each stream's HLS under /hls/{id}/,
 * the RTMP statistics at /stat, and /control to drop a publisher.
 */
export class OriginClient {
  constructor(
    private readonly baseUrl: string,
    private readonly app: string,
    private readonly fetchFn: Fetch = fetch,
  ) {}

  /** The newest segments covering `windowMs` of the stream, as addresses on the origin. */
  async recent(deviceId: string, windowMs: number): Promise<RecentMedia> {
    const segments = await this.segments(deviceId);
    const tail = coveringTail(segments, windowMs);
    return { files: tail.uris.map((uri) => this.segmentUrl(deviceId, uri)), durationMs: tail.durationMs };
  }

  /** The newest complete segment's address, undefined when the stream has none. */
  async newestSegment(deviceId: string): Promise<string | undefined> {
    const newest = (await this.segments(deviceId)).at(-1);
    return newest && this.segmentUrl(deviceId, newest.uri);
  }

  /** The stream names publishing now in the application, from nginx-rtmp's /stat XML. */
  async publishing(): Promise<Set<string>> {
    const xml = await this.text('/stat');
    const names = new Set<string>();
    for (const application of xml.split('<application>').slice(1)) {
      if (/<name>([^<]*)<\/name>/.exec(application)?.[1] !== this.app) continue;
      for (const stream of application.split('<stream>').slice(1)) {
        const name = /<name>([^<]*)<\/name>/.exec(stream)?.[1];
        if (name && stream.includes('<publishing/>')) names.add(name);
      }
    }
    return names;
  }

  /** Closes a device's publish (after its secret was rotated or it was disabled). */
  async dropPublisher(deviceId: string): Promise<void> {
    const query = new URLSearchParams({ app: this.app, name: deviceId });
    await this.text(`/control/drop/publisher?${query.toString()}`);
  }

  private async segments(deviceId: string) {
    const text = await this.text(`/hls/${encodeURIComponent(deviceId)}/index.m3u8`).catch(() => '');
    return listedSegments(text) ?? [];
  }

  private segmentUrl(deviceId: string, uri: string): string {
    return new URL(uri, `${this.baseUrl}/hls/${encodeURIComponent(deviceId)}/`).toString();
  }

  private async text(pathAndQuery: string): Promise<string> {
    const response = await this.fetchFn(`${this.baseUrl}${pathAndQuery}`, {
      signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the media origin answered ${String(response.status)} to ${pathAndQuery}`);
    return response.text();
  }
}
