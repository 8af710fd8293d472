import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './whatsnew.module.css';

/** A banner shows for 4 s before the next comes. */
export const AUTOPLAY_MS = 4000;

function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * `count` slides side by side in a strip that snaps to one at a time (CSS scroll snapping: a swipe moves it
 * natively, and no animation library loads with the index page). It moves on to the next slide every
 * AUTOPLAY_MS and back to the first after the last, but not while a finger or the pointer holds it or focus is
 * in it, not in a hidden tab, and not at all for people who asked for reduced motion. The dots say which slide
 * shows (each slide is named by `label(i)` for assistive technology).
 */
export function BannerStrip({
  count,
  label,
  children,
}: {
  count: number;
  label: (i: number) => string;
  children: (i: number, label: string) => ReactNode;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [held, setHeld] = useState(false);

  // Restarted whenever the slide changes (by autoplay or a swipe), so each shows for the whole interval.
  useEffect(() => {
    if (held || reducedMotion()) return;
    const timer = setTimeout(() => {
      const el = strip.current;
      if (!el || document.hidden || !el.clientWidth) return;
      const next = (current + 1) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, AUTOPLAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [count, current, held]);

  const hold = () => {
    setHeld(true);
  };
  const release = () => {
    setHeld(false);
  };
  const slides = Array.from({ length: count }, (_, i) => i);
  return (
    <>
      <div
        ref={strip}
        className={styles.strip}
        data-testid="banner-strip"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth) setCurrent(Math.min(count - 1, Math.round(el.scrollLeft / el.clientWidth)));
        }}
        onPointerDown={hold}
        onPointerUp={release}
        onPointerCancel={release}
        onPointerLeave={release}
        onFocus={hold}
        onBlur={release}
      >
        {slides.map((i) => (
          <div key={i} className={styles.slide}>
            {children(i, label(i))}
          </div>
        ))}
      </div>
      <div className={styles.dots} aria-hidden="true">
        {slides.map((i) => (
          <span key={i} className={i === current ? `${styles.dot} ${styles.dotCurrent}` : styles.dot} />
        ))}
      </div>
    </>
  );
}
