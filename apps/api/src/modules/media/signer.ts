import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signed part of a playback address: `?e={expires, unix s}&v={viewer}&s={signature}`. */
export interface PlaybackGrant {
  deviceId: string;
  viewer: string;
  /** Unix seconds; the address may start a stream until then. */
  expires: number;
}

export type PlaybackCheck = 'ok' | 'invalid' | 'expired';

const VIEWER = /^[A-Za-z0-9_-]{1,64}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const UNIX_SECONDS = /^\d{1,12}$/;

/**
 * Signs and checks viewers' playback addresses: HMAC-SHA256 over the device, the expiry and the viewer,
 * so an address works for one stream until it expires and cannot be edited into another.
 */
export class PlaybackSigner {
  private readonly key: Buffer;

  constructor(key: string | Buffer) {
    this.key = Buffer.isBuffer(key) ? key : Buffer.from(key, 'utf8');
    if (this.key.length < 32) throw new Error('the playback signing key must have at least 32 bytes');
  }

  /** The query string (without '?') for a grant. */
  query(grant: PlaybackGrant): string {
    if (!VIEWER.test(grant.viewer)) throw new Error(`bad viewer id ${grant.viewer}`);
    const params = new URLSearchParams({
      e: String(grant.expires),
      v: grant.viewer,
      s: this.signature(grant),
    });
    return params.toString();
  }

  /** Checks a request's query against the device it asks for, at `nowSeconds`. */
  check(deviceId: string, query: Record<string, unknown>, nowSeconds: number): PlaybackCheck {
    const { e, v, s } = query;
    if (typeof e !== 'string' || typeof v !== 'string' || typeof s !== 'string') return 'invalid';
    if (!UNIX_SECONDS.test(e) || !VIEWER.test(v) || !SIGNATURE.test(s)) return 'invalid';
    const grant = { deviceId, viewer: v, expires: Number(e) };
    const expected = Buffer.from(this.signature(grant), 'utf8');
    if (!timingSafeEqual(expected, Buffer.from(s, 'utf8'))) return 'invalid';
    return grant.expires < nowSeconds ? 'expired' : 'ok';
  }

  /**
   * The token in an HLS segment's address: HMAC over the device, its recording and the segment, with no
   * expiry, so the address never changes (a CDN caches it as immutable) yet cannot be made up. What expires is
   * the playlist's signature: only a viewer with a valid playlist learns the segments' addresses.
   */
  segmentToken(deviceId: string, recording: string, segment: string): string {
    return createHmac('sha256', this.key).update(`seg\n${deviceId}\n${recording}\n${segment}`).digest('base64url');
  }

  /** Whether `token` is the segment's (constant time). */
  checkSegment(deviceId: string, recording: string, segment: string, token: string): boolean {
    if (!SIGNATURE.test(token)) return false;
    return timingSafeEqual(Buffer.from(this.segmentToken(deviceId, recording, segment)), Buffer.from(token));
  }

  private signature(grant: PlaybackGrant): string {
    return createHmac('sha256', this.key)
      .update(`play\n${grant.deviceId}\n${String(grant.expires)}\n${grant.viewer}`)
      .digest('base64url');
  }
}
