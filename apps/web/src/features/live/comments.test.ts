import { describe, expect, it } from 'vitest';
import type { LiveComment } from '@petheart/contracts';
import { catchUpQuery, confirmedSeq, lastSeq, mergeComments } from './comments';

function c(seq: number, content = `c${seq}`): LiveComment {
  return {
    seq,
    device_id: 'PH-0001',
    user_id: 1,
    nickname: 'Mia',
    avatar: '',
    fan_level: null,
    content,
    created_at: 1_700_000_000 + seq,
  };
}
const seqs = (list: LiveComment[]) => list.map((x) => x.seq);

describe('mergeComments', () => {
  it('keeps one comment per seq, oldest first, whatever order they arrive in', () => {
    const merged = mergeComments([c(1), c(3)], [c(5), c(2), c(3, 'again'), c(4)]);
    expect(seqs(merged)).toEqual([1, 2, 3, 4, 5]);
    expect(merged.find((x) => x.seq === 3)?.content).toBe('again');
  });

  it('a socket push and the send answer of the same comment show once', () => {
    const afterPush = mergeComments([c(1)], [c(2)]);
    expect(seqs(mergeComments(afterPush, [c(2)]))).toEqual([1, 2]);
  });

  it('keeps only the newest max comments', () => {
    const list = mergeComments(
      [],
      Array.from({ length: 10 }, (_, i) => c(i + 1)),
      { max: 4 },
    );
    expect(seqs(list)).toEqual([7, 8, 9, 10]);
  });

  it('replace: the newest page replaces the list, except comments pushed after it', () => {
    const current = [c(1), c(2), c(300)];
    expect(seqs(mergeComments(current, [c(200), c(201)], { replace: true }))).toEqual([200, 201, 300]);
    expect(seqs(mergeComments([c(5)], [], { replace: true }))).toEqual([5]);
  });

  it('lastSeq is the highest seq (0 for none)', () => {
    expect(lastSeq([])).toBe(0);
    expect(lastSeq([c(3), c(9), c(4)])).toBe(9);
  });
});

describe('catchUpQuery', () => {
  it('before the first history: the newest comments', () => {
    expect(catchUpQuery({ lastSeq: 0, loaded: false }, 500)).toEqual({ limit: 50, replace: true });
  });

  it('nothing when the room has nothing newer', () => {
    expect(catchUpQuery({ lastSeq: 40, loaded: true }, 40)).toBeNull();
    expect(catchUpQuery({ lastSeq: 40, loaded: true }, 12)).toBeNull();
  });

  it('after a reconnect: everything after the last seq seen', () => {
    expect(catchUpQuery({ lastSeq: 40, loaded: true }, 45)).toEqual({ after_seq: 40, limit: 100, replace: false });
    expect(catchUpQuery({ lastSeq: 0, loaded: true })).toEqual({ after_seq: 0, limit: 100, replace: false });
  });

  it('a join asks even when no comment is newer: the feeds since the confirmed seq come with the answer', () => {
    expect(catchUpQuery({ lastSeq: 40, loaded: true }, 40, { feeds: true })).toEqual({
      after_seq: 40,
      limit: 100,
      replace: false,
    });
    expect(catchUpQuery({ lastSeq: 0, loaded: true }, 0, { feeds: true })).toEqual({
      after_seq: 0,
      limit: 100,
      replace: false,
    });
    // Otherwise as without: the first history, a catch-up, or the newest page after a wide gap.
    expect(catchUpQuery({ lastSeq: 0, loaded: false }, 0, { feeds: true })).toEqual({ limit: 50, replace: true });
    expect(catchUpQuery({ lastSeq: 40, loaded: true }, 141, { feeds: true })).toEqual({ limit: 50, replace: true });
  });

  it('a gap wider than one page reloads the newest comments', () => {
    expect(catchUpQuery({ lastSeq: 40, loaded: true }, 141)).toEqual({ limit: 50, replace: true });
  });
});

describe('confirmedSeq', () => {
  it('the newest page confirms up to the room’s newest seq', () => {
    expect(confirmedSeq(0, { limit: 50, replace: true }, { list: [c(7), c(9)], latest_seq: 9 })).toBe(9);
    expect(confirmedSeq(0, { limit: 50, replace: true }, { list: [], latest_seq: 0 })).toBe(0);
  });

  it('a short catch-up page confirms up to the newest seq; a full one only to its last comment', () => {
    expect(confirmedSeq(40, { limit: 2, replace: false }, { list: [c(44)], latest_seq: 60 })).toBe(60);
    expect(confirmedSeq(40, { limit: 2, replace: false }, { list: [c(44), c(47)], latest_seq: 60 })).toBe(47);
  });

  it('socket pushes do not confirm: after a reconnect the catch-up starts from the last list answer', () => {
    // history up to 10, then pushes 12 and 15 arrive, then the socket drops and comes back with latest 20
    const confirmed = confirmedSeq(0, { limit: 50, replace: true }, { list: [c(10)], latest_seq: 10 });
    const shown = mergeComments(mergeComments([c(10)], [c(12)]), [c(15)]);
    expect(lastSeq(shown)).toBe(15);
    expect(catchUpQuery({ lastSeq: confirmed, loaded: true }, 20)).toEqual({
      after_seq: 10,
      limit: 100,
      replace: false,
    });
  });
});
