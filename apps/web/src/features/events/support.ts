import { SUPPORT_LIMITS } from '@petheart/contracts';

/** Progress as a whole percentage, 0–100 (a target of 0 is 0 %; never past 100). */
export function progressPercent(completed: number, target: number): number {
  if (target <= 0 || completed <= 0) return 0;
  return Math.min(100, Math.floor((completed * 100) / target));
}

/** Points an item still needs. */
export function remainingPoints(item: { completed: number; target: number }): number {
  return Math.max(0, item.target - item.completed);
}

/** The most points one gift may give to an item: what it still needs, at most the server's limit per gift. */
export function maxPoints(item: { completed: number; target: number }): number {
  return Math.min(remainingPoints(item), SUPPORT_LIMITS.maxPointsPerGift);
}

/** A points value kept within 1…max (NaN and fractions are treated as 1 and rounded down). */
export function clampPoints(points: number, max: number): number {
  if (!Number.isFinite(points)) return 1;
  return Math.max(1, Math.min(Math.floor(points), Math.max(1, max)));
}

/** An idempotency key for one Support confirmation (the contracts' 8–100 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(c: Pick<Crypto, 'getRandomValues'> = crypto): string {
  const bytes = c.getRandomValues(new Uint8Array(16));
  return `sg-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A Support confirmation being sent: the item, the points, and the key kept for retries of this same tap. */
export interface GiveIntent {
  itemId: number;
  points: number;
  key: string;
}

/**
 * The key to send for a confirmation: the open intent's when the same item and points are confirmed again after
 * a lost answer (the server then answers the first gift instead of giving twice); otherwise a new one.
 */
export function intentFor(
  open: GiveIntent | null,
  itemId: number,
  points: number,
  newKey = newIdempotencyKey,
): GiveIntent {
  if (open && open.itemId === itemId && open.points === points) return open;
  return { itemId, points, key: newKey() };
}
