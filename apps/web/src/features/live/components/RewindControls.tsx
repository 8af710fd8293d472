import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_SNAP_S, REWIND_MAX_S, behindFromSlider, replayLeftMs, sliderValue } from '../rewind';
import type { Rewind } from '../useRewind';
import { Back10Icon, ReplayIcon, RewindIcon } from '../icons';
import styles from '../live.module.css';
import css from '../rewind.module.css';

/** The controls hide after this long without a touch (not while one of them has the keyboard's focus). */
const HIDE_MS = 5_000;
/** A dragged slider seeks once it has rested this long (not at every step of the drag). */
const COMMIT_MS = 300;

/** Whether the viewer's own feed (ended at `fedAt`) is still within the minute that can be replayed. */
function useReplayable(fedAt: number | null): boolean {
  const [expired, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (fedAt === null) return;
    const id = setTimeout(
      () => {
        setExpired(fedAt);
      },
      replayLeftMs(fedAt, Date.now()),
    );
    return () => {
      clearTimeout(id);
    };
  }, [fedAt]);
  return fedAt !== null && expired !== fedAt;
}

/**
 * Rewind over the video (issue 26 §3): a button (or a tap on the picture) shows a bar with "back 10 s", a
 * one-minute timeline (right end = live) and LIVE, which takes the viewer back to live while behind. After the
 * viewer's own feed, a Replay chip goes back to just before it. Shown where the room's HLS plays.
 */
export function RewindControls({ rewind, fedAt }: { rewind: Rewind; fedAt: number | null }) {
  const { t } = useTranslation('live');
  const [open, setOpen] = useState(false);
  /** Seconds behind live under the finger (or keys) before the seek is made. */
  const [draft, setDraft] = useState<number | null>(null);
  /** Bumped by every use of the controls: restarts the hiding delay. */
  const [touched, setTouched] = useState(0);
  const slider = useRef<HTMLInputElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const focusSlider = useRef(false);
  const replayable = useReplayable(fedAt);
  const { scrub } = rewind;

  useEffect(() => {
    if (!open || draft !== null) return;
    const id = setTimeout(() => {
      if (!bar.current?.querySelector(':focus-visible')) setOpen(false);
    }, HIDE_MS);
    return () => {
      clearTimeout(id);
    };
  }, [open, draft, touched]);

  useEffect(() => {
    if (draft === null) return;
    const id = setTimeout(() => {
      scrub(draft);
      setDraft(null);
    }, COMMIT_MS);
    return () => {
      clearTimeout(id);
    };
  }, [draft, scrub]);

  // Opened from its button: the focus goes to the timeline (the button is gone).
  useEffect(() => {
    if (open && focusSlider.current) slider.current?.focus();
    focusSlider.current = false;
  }, [open]);

  if (!rewind.available) return null;
  const touch = () => {
    setTouched((n) => n + 1);
  };
  const behindNow = draft ?? rewind.behind;
  const behind = draft === null ? rewind.state.mode === 'behind' : draft >= LIVE_SNAP_S;
  const value = sliderValue(behind ? behindNow : 0);
  const seconds = Math.round(behindNow);
  return (
    <>
      {/* A tap on the picture shows or hides the controls (their button below does the same from the keyboard). */}
      <div
        className={css.rewindHit}
        aria-hidden="true"
        onClick={() => {
          setOpen((o) => !o);
        }}
      />
      {replayable && fedAt !== null && (
        <button
          type="button"
          className={css.replayChip}
          data-testid="replay-feed"
          onClick={() => {
            rewind.replay(fedAt);
            setOpen(true);
            touch();
          }}
        >
          <ReplayIcon className={css.replayIcon} />
          {t('rewind.replay')}
        </button>
      )}
      {rewind.busy && (
        <div className={styles.videoLoading} data-testid="rewind-busy">
          <span className="ph-spinner ph-spinner-large" aria-hidden="true" />
        </div>
      )}
      {open ? (
        <div
          ref={bar}
          className={css.rewindBar}
          role="group"
          aria-label={t('rewind.controls')}
          data-testid="rewind-bar"
          onPointerDown={touch}
          onKeyDown={touch}
        >
          <button
            type="button"
            className={css.rewindStep}
            aria-label={t('rewind.back10')}
            data-testid="rewind-back10"
            onClick={rewind.stepBack}
          >
            <Back10Icon />
          </button>
          <input
            ref={slider}
            type="range"
            className={css.rewindSlider}
            min={0}
            max={REWIND_MAX_S}
            step={1}
            value={value}
            aria-label={t('rewind.position')}
            aria-valuetext={behind ? t('rewind.behind', { count: seconds }) : t('rewind.atLive')}
            style={{ '--fill': `${String((value / REWIND_MAX_S) * 100)}%` } as CSSProperties}
            data-testid="rewind-slider"
            onChange={(e) => {
              setDraft(behindFromSlider(Number(e.target.value)));
            }}
          />
          {behind && (
            <span className={css.rewindReadout} aria-hidden="true" data-testid="rewind-readout">
              {t('rewind.offset', { count: seconds })}
            </span>
          )}
          {behind ? (
            <button
              type="button"
              className={`${css.rewindLive} ${css.rewindLiveBehind}`}
              aria-label={t('rewind.toLive')}
              data-testid="rewind-live"
              onClick={() => {
                setDraft(null);
                rewind.toLive();
              }}
            >
              <span className={css.rewindDot} aria-hidden="true" />
              {t('rewind.live')}
            </button>
          ) : (
            <span className={css.rewindLive} data-testid="rewind-live">
              <span className={css.rewindDot} aria-hidden="true" />
              {t('rewind.live')}
            </span>
          )}
        </div>
      ) : (
        <button
          type="button"
          className={css.rewindOpen}
          aria-label={t('rewind.open')}
          data-testid="rewind-open"
          onClick={() => {
            focusSlider.current = true;
            setOpen(true);
          }}
        >
          <span className={css.roundIcon}>
            <RewindIcon />
          </span>
        </button>
      )}
    </>
  );
}
