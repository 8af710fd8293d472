import { describe, expect, it } from 'vitest';
import { RemoteViewerCounts } from './remote-viewers';

describe('RemoteViewerCounts', () => {
  it('sums the fresh announcements of other processes per room', () => {
    let t = 0;
    const counts = new RemoteViewerCounts(30_000, () => t);
    counts.set('node-a', 'PH-1', 3);
    counts.set('node-b', 'PH-1', 4);
    counts.set('node-b', 'PH-2', 1);
    expect(counts.total('PH-1')).toBe(7);
    expect(counts.total('PH-2')).toBe(1);
    expect(counts.total('PH-3')).toBe(0);
    // A newer announcement replaces the older one; zero removes it.
    counts.set('node-a', 'PH-1', 5);
    counts.set('node-b', 'PH-1', 0);
    expect(counts.total('PH-1')).toBe(5);
    // node-a stops announcing: it drops out after the TTL; node-b announced PH-2 again meanwhile.
    t = 20_000;
    counts.set('node-b', 'PH-2', 2);
    t = 30_001;
    expect(counts.total('PH-1')).toBe(0);
    expect(counts.total('PH-2')).toBe(2);
  });
});
