import { describe, expect, it } from 'vitest';
import { isReconnecting } from './connection';

describe('connection state', () => {
  const fine = { browserOnline: true, socket: 'connected', videoLost: false } as const;

  it('is reconnecting when the browser is offline, the joined socket dropped, or the picture is lost', () => {
    expect(isReconnecting(fine)).toBe(false);
    expect(isReconnecting({ ...fine, browserOnline: false })).toBe(true);
    expect(isReconnecting({ ...fine, socket: 'lost' })).toBe(true);
    expect(isReconnecting({ ...fine, videoLost: true })).toBe(true);
  });

  it('is not reconnecting while the socket first connects (the page is loading, not lost)', () => {
    expect(isReconnecting({ ...fine, socket: 'connecting' })).toBe(false);
  });
});
