import type { Rng } from '../sim/random';

/** What a cat is doing. */
export type CatActivity = 'resting' | 'wandering' | 'to-bowl' | 'eating' | 'licking' | 'leaving';

export interface Cat {
  /** Index into CAT_COLOURS. */
  look: number;
  /** Left edge of the sprite and the row its feet stand on. */
  x: number;
  feet: number;
  facingLeft: boolean;
  activity: CatActivity;
  /** Where it is walking to. */
  targetX: number;
  targetFeet: number;
  /** The bowl slot it holds (while going to, eating at or licking the bowl). */
  slot: number | null;
  /** Seconds left before it reacts / stops licking / wanders next. */
  wait: number;
  home: { x: number; feet: number };
  /** Animation phase in seconds (legs, chewing). */
  phase: number;
}

export interface BowlSlot {
  x: number;
  feet: number;
  facingLeft: boolean;
}

/** Walking speed, px/s. */
const SPEED = 55;
/** Grams one eating cat takes per second: at least 1, faster while the bowl is full (it empties in ~10–20 s). */
const eatRate = (bowl: number) => Math.max(1, bowl * 0.12);

export function createCats(homes: readonly { x: number; feet: number }[], rng: Rng): Cat[] {
  return homes.map((home, look) => ({
    look,
    x: home.x,
    feet: home.feet,
    facingLeft: look % 2 === 1,
    activity: 'resting',
    targetX: home.x,
    targetFeet: home.feet,
    slot: null,
    wait: 4 + rng() * 8,
    home: { ...home },
    phase: rng() * 10,
  }));
}

function walkTo(cat: Cat, x: number, feet: number, activity: CatActivity): void {
  cat.activity = activity;
  cat.targetX = x;
  cat.targetFeet = feet;
  if (x !== cat.x) cat.facingLeft = x < cat.x;
}

/** Moves towards the target; true once there. */
function step(cat: Cat, dt: number): boolean {
  const dx = cat.targetX - cat.x;
  const dy = cat.targetFeet - cat.feet;
  const distance = Math.hypot(dx, dy);
  const move = SPEED * dt;
  if (distance <= move) {
    cat.x = cat.targetX;
    cat.feet = cat.targetFeet;
    return true;
  }
  cat.x += (dx / distance) * move;
  cat.feet += (dy / distance) * move;
  return false;
}

/**
 * Advances the cats by `dt` seconds: resting cats notice food in the bowl and walk to a free slot, eat until it
 * is empty, lick a moment and go home; now and then a resting cat strolls a little. Returns the bowl's grams.
 */
export function updateCats(cats: Cat[], slots: readonly BowlSlot[], bowl: number, dt: number, rng: Rng): number {
  let grams = bowl;
  const taken = new Set(cats.map((c) => c.slot).filter((s) => s !== null));
  for (const cat of cats) {
    cat.phase += dt;
    switch (cat.activity) {
      case 'resting':
      case 'wandering': {
        const arrived = cat.activity === 'wandering' ? step(cat, dt) : true;
        if (arrived && cat.activity === 'wandering') cat.activity = 'resting';
        cat.wait -= dt;
        if (grams > 0.5 && cat.wait <= 0) {
          const free = slots
            .map((slot, index) => ({ slot, index }))
            .filter(({ index }) => !taken.has(index))
            .sort((a, b) => Math.abs(a.slot.x - cat.x) - Math.abs(b.slot.x - cat.x))[0];
          if (free) {
            taken.add(free.index);
            cat.slot = free.index;
            walkTo(cat, free.slot.x, free.slot.feet, 'to-bowl');
          }
        } else if (grams > 0.5 && cat.wait > 1.5) {
          cat.wait = 0.2 + rng() * 1.2; // noticed the food: reacts soon
        } else if (cat.activity === 'resting' && cat.wait <= 0) {
          walkTo(cat, cat.home.x + (rng() * 2 - 1) * 30, cat.home.feet, 'wandering');
          cat.wait = 6 + rng() * 10;
        }
        break;
      }
      case 'to-bowl': {
        if (step(cat, dt)) {
          cat.activity = 'eating';
          cat.facingLeft = slots[cat.slot ?? 0]?.facingLeft ?? false;
        }
        break;
      }
      case 'eating': {
        grams = Math.max(0, grams - eatRate(grams) * dt);
        if (grams <= 0.05) {
          grams = 0;
          cat.activity = 'licking';
          cat.wait = 1 + rng();
        }
        break;
      }
      case 'licking': {
        cat.wait -= dt;
        if (grams > 0.5) cat.activity = 'eating';
        else if (cat.wait <= 0) {
          cat.slot = null;
          walkTo(cat, cat.home.x, cat.home.feet, 'leaving');
        }
        break;
      }
      case 'leaving': {
        if (step(cat, dt)) {
          cat.activity = 'resting';
          cat.wait = 0.5 + rng() * 6;
          cat.facingLeft = !cat.facingLeft;
        }
        break;
      }
    }
  }
  return grams;
}
