import { describe, expect, it } from 'vitest';
import { RemoteViewers } from './remote-viewers';

describe('RemoteViewers', () => {
  it('adds the distinct keys of the fresh announcements of other processes per room', () => {
    let t = 0;
    const remote = new RemoteViewers(30_000, () => t);
    remote.set('node-a', 'PH-1', 2, ['u:1', 'a:10.0.0.1']);
    remote.set('node-b', 'PH-1', 3, ['u:1', 'u:2', 'a:10.0.0.1']);
    remote.set('node-b', 'PH-2', 1, ['u:3']);
    expect(remote.distinct('PH-1', undefined)).toBe(3);
    // A viewer here and elsewhere (tabs on two processes, one address) counts once.
    expect(
      remote.distinct(
        'PH-1',
        new Map([
          ['u:2', 1],
          ['u:9', 4],
        ]),
      ),
    ).toBe(4);
    expect(remote.distinct('PH-2', undefined)).toBe(1);
    expect(remote.distinct('PH-3', new Map([['u:1', 1]]))).toBe(1);
    // A newer announcement replaces the older one; zero removes it.
    remote.set('node-a', 'PH-1', 1, ['u:5']);
    remote.set('node-b', 'PH-1', 0, []);
    expect(remote.distinct('PH-1', undefined)).toBe(1);
    // node-a stops announcing: it drops out after the TTL; node-b announced PH-2 again meanwhile.
    t = 20_000;
    remote.set('node-b', 'PH-2', 2, ['u:3', 'u:4']);
    t = 30_001;
    expect(remote.distinct('PH-1', undefined)).toBe(0);
    expect(remote.distinct('PH-2', undefined)).toBe(2);
  });

  it('adds the counts of processes that announce no keys (an older version, or a huge room)', () => {
    const remote = new RemoteViewers(30_000, () => 0);
    remote.set('old', 'PH-1', 5);
    remote.set('new', 'PH-1', 2, ['u:1', 'u:2']);
    expect(remote.distinct('PH-1', new Map([['u:1', 1]]))).toBe(1 + 1 + 5);
  });
});
