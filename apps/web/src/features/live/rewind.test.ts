import { describe, expect, it } from 'vitest';
import {
  LIVE,
  LIVE_SNAP_S,
  REPLAY_LEAD_S,
  REWIND_MAX_S,
  behindFromSlider,
  behindOf,
  clampBehind,
  liveBadgeState,
  needsNewAddress,
  replayBehind,
  replayLeftMs,
  rewindReducer,
  seekPosition,
  shownBehind,
  sliderValue,
  stepBack,
  type RewindState,
} from './rewind';

const behind = (target: number, seeking = false, shown = Math.round(target)): RewindState => ({
  mode: 'behind',
  target,
  seeking,
  shown,
});

describe('the rewind state', () => {
  it('goes behind live on a scrub, waiting for its seek, and says how far', () => {
    expect(rewindReducer(LIVE, { type: 'scrub', behind: 20.4 })).toEqual(behind(20.4, true, 20));
    expect(rewindReducer(behind(20, true), { type: 'seeked' })).toEqual(behind(20));
  });

  it('keeps a scrub within the minute the playlist reaches back', () => {
    expect(rewindReducer(LIVE, { type: 'scrub', behind: 500 })).toEqual(behind(REWIND_MAX_S, true));
    expect(clampBehind(-3)).toBe(0);
    expect(clampBehind(Number.NaN)).toBe(0);
  });

  it('counts a scrub to within a few seconds of the edge as live (hls.js itself plays 1–2 s behind it)', () => {
    expect(rewindReducer(behind(30), { type: 'scrub', behind: LIVE_SNAP_S - 0.5 })).toBe(LIVE);
    expect(rewindReducer(LIVE, { type: 'scrub', behind: LIVE_SNAP_S })).toMatchObject({ mode: 'behind' });
  });

  it('follows the measured distance while behind, without a new state for the same second', () => {
    const s = behind(20);
    expect(rewindReducer(s, { type: 'measured', behind: 20.3 })).toBe(s);
    expect(rewindReducer(s, { type: 'measured', behind: 23.6 })).toEqual(behind(20, false, 24));
  });

  it('ignores measures while its seek is on its way, and at live', () => {
    const seeking = behind(20, true);
    expect(rewindReducer(seeking, { type: 'measured', behind: 1 })).toBe(seeking);
    expect(rewindReducer(LIVE, { type: 'measured', behind: 30 })).toBe(LIVE);
  });

  it('is live again when the player went back to live by itself (the picture left the window)', () => {
    expect(rewindReducer(behind(20), { type: 'measured', behind: 1.5 })).toBe(LIVE);
  });

  it('stays behind a few seconds from the edge by choice (a replay just after a feed), never saying −0 s', () => {
    expect(rewindReducer(behind(4), { type: 'measured', behind: 2.6 })).toEqual(behind(4, false, 3));
    expect(rewindReducer(behind(4), { type: 'measured', behind: 0.2 })).toEqual(behind(4, false, 1));
  });

  it('goes back to live when asked (or when the stream starts again)', () => {
    expect(rewindReducer(behind(20), { type: 'live' })).toBe(LIVE);
    expect(rewindReducer(LIVE, { type: 'live' })).toBe(LIVE);
    expect(rewindReducer(LIVE, { type: 'seeked' })).toBe(LIVE);
  });
});

describe('seeking in the live window', () => {
  const window = { start: 100, end: 164 };

  it('seeks the distance behind the edge', () => {
    expect(seekPosition(window, 20)).toBe(144);
    expect(seekPosition(window, 0)).toBe(164);
  });

  it('stays a second inside a window shorter than the distance (a stream live for less than a minute)', () => {
    expect(seekPosition({ start: 10, end: 30 }, 60)).toBe(11);
    expect(seekPosition({ start: 10, end: 10.5 }, 60)).toBe(10.5);
  });

  it('measures how far behind the edge the video plays', () => {
    expect(behindOf(window, 144)).toBe(20);
    expect(behindOf(window, 170)).toBe(0);
  });
});

describe('the controls', () => {
  it('maps the timeline slider: left end a minute back, right end live', () => {
    expect(sliderValue(0)).toBe(REWIND_MAX_S);
    expect(sliderValue(REWIND_MAX_S)).toBe(0);
    expect(sliderValue(12.4)).toBe(REWIND_MAX_S - 12);
    expect(behindFromSlider(REWIND_MAX_S - 12)).toBe(12);
    expect(behindFromSlider(-5)).toBe(REWIND_MAX_S);
  });

  it('steps back 10 s from where the viewer is, up to a minute', () => {
    expect(stepBack(LIVE)).toBe(10);
    expect(stepBack(behind(23))).toBe(33);
    expect(stepBack(behind(55))).toBe(REWIND_MAX_S);
    expect(shownBehind(LIVE)).toBe(0);
  });

  it('replays the viewer’s own feed from a few seconds before the page learnt it ended, while it is in reach', () => {
    const fedAt = 1_000_000;
    expect(replayBehind(fedAt, fedAt + 6_000)).toBe(6 + REPLAY_LEAD_S);
    expect(replayLeftMs(fedAt, fedAt + 6_000)).toBe((REWIND_MAX_S - 6 - REPLAY_LEAD_S) * 1000);
    expect(replayLeftMs(fedAt, fedAt + 90_000)).toBe(0);
    expect(replayLeftMs(null, fedAt)).toBe(0);
  });

  it('renews a playback address that is about to expire before switching to its HLS', () => {
    const now = 1_700_000_000_000;
    expect(needsNewAddress(now / 1000 + 3600, now)).toBe(false);
    expect(needsNewAddress(now / 1000 + 60, now)).toBe(true);
  });
});

describe('the LIVE badge', () => {
  it('is red at live, grey behind live, and says a lost link before the viewer’s choice', () => {
    expect(liveBadgeState({ stale: false, cameraOnline: true, behind: false })).toBe('live');
    expect(liveBadgeState({ stale: false, cameraOnline: true, behind: true })).toBe('behind');
    expect(liveBadgeState({ stale: true, cameraOnline: true, behind: true })).toBe('stale');
    expect(liveBadgeState({ stale: false, cameraOnline: false, behind: false })).toBe('off');
  });
});
