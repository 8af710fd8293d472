import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AUTOPLAY_MS, BannerStrip } from './BannerStrip';

const WIDTH = 343;

/** Renders three slides in a strip WIDTH wide whose scrollTo jumps there and says so (jsdom lays nothing out). */
function renderStrip() {
  render(
    <BannerStrip count={3} label={(i) => `Banner ${String(i + 1)} of 3`}>
      {(i, label) => <div aria-label={label}>slide {i}</div>}
    </BannerStrip>,
  );
  const strip = screen.getByTestId('banner-strip');
  Object.defineProperty(strip, 'clientWidth', { value: WIDTH, configurable: true });
  const scrollTo = vi.fn(({ left }: ScrollToOptions) => {
    strip.scrollLeft = left ?? 0;
    fireEvent.scroll(strip);
  });
  strip.scrollTo = scrollTo as unknown as typeof strip.scrollTo;
  return { strip, scrollTo, lefts: () => scrollTo.mock.calls.map(([o]) => o.left) };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const currentDot = () =>
  [...document.querySelectorAll('[aria-hidden="true"] > span')].findIndex((d) => d.className.includes('dotCurrent'));

describe('the banner strip', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('moves on to the next banner every 4 s, back to the first after the last, and its dot follows', async () => {
    const { lefts } = renderStrip();
    expect(screen.getAllByLabelText(/^Banner \d of 3$/)).toHaveLength(3);
    expect(currentDot()).toBe(0);
    await wait(AUTOPLAY_MS - 1);
    expect(lefts()).toEqual([]);
    await wait(1);
    expect(lefts()).toEqual([WIDTH]);
    expect(currentDot()).toBe(1);
    await wait(AUTOPLAY_MS);
    await wait(AUTOPLAY_MS);
    expect(lefts()).toEqual([WIDTH, 2 * WIDTH, 0]);
    expect(currentDot()).toBe(0);
  });

  it('shows a swiped-to banner for the whole interval, and stays while a finger holds it', async () => {
    const { strip, lefts } = renderStrip();
    await wait(AUTOPLAY_MS - 1000);
    fireEvent.pointerDown(strip);
    strip.scrollLeft = 2 * WIDTH;
    fireEvent.scroll(strip);
    expect(currentDot()).toBe(2);
    await wait(3 * AUTOPLAY_MS);
    expect(lefts()).toEqual([]);
    fireEvent.pointerUp(strip);
    await wait(AUTOPLAY_MS - 1);
    expect(lefts()).toEqual([]);
    await wait(1);
    expect(lefts()).toEqual([0]);
  });

  it('does not move by itself for people who asked for reduced motion', async () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }),
    });
    const { lefts } = renderStrip();
    await wait(3 * AUTOPLAY_MS);
    expect(lefts()).toEqual([]);
  });
});
