import type { BatchSettleResult } from '../ledger/batch';
import { feedCredits, type EntryInput } from '../ledger/policy';
import { chargeFor, type CommandEnd, type FeedOutcome } from './policy';
import type { FeedRow, SettlePatch } from './repository';

/** What a feed's settlement asks of the ledger: post `charge` with `credits`, or void (charge 0). */
export interface SettlementPlan {
  feed: FeedRow;
  outcome: FeedOutcome;
  charge: number;
  credits: EntryInput[];
}

/**
 * A feed's settlement from its outcome (decision 011): only food that fell is charged, in proportion to
 * the grams asked (a crumb costs nothing), the base operator's share and the platform's rest credited.
 */
export function planSettlement(feed: FeedRow, outcome: FeedOutcome): SettlementPlan {
  const charge = outcome.kind === 'dispensed' ? chargeFor(feed.coins, feed.grams, outcome.grams) : 0;
  const credits = charge > 0 ? feedCredits(charge, feed.revenueShareBp, feed.operatorId) : [];
  return { feed, outcome, charge, credits };
}

/**
 * The feed's end once the ledger has answered for its hold. A hold that its expiry released before the
 * answer could be settled (was_voided) charges nothing: the feed fails as timed out. A feed without a hold
 * (never made so) fails.
 */
export function endOf(
  plan: SettlementPlan,
  hold: BatchSettleResult | 'no_hold' | undefined,
  settledAt: Date,
): SettlePatch {
  const { outcome, charge } = plan;
  const failed = (reason: NonNullable<FeedRow['reason']>): SettlePatch => ({
    status: 'failed',
    reason,
    gramsDispensed: outcome.grams,
    coinsCharged: 0,
    settledAt,
  });
  if (hold === 'no_hold') return failed('failed'); // never: the hold is placed with the feed
  if (hold === 'not_found' || hold === undefined) throw new Error(`feed ${plan.feed.id} has no hold to settle`);
  if (outcome.kind === 'failed') {
    if (hold === 'was_posted') throw new Error(`feed ${plan.feed.id} failed but its hold was posted`);
    return failed(outcome.reason);
  }
  if (charge > 0 && hold === 'was_voided') return failed('timeout');
  return { status: 'succeeded', reason: null, gramsDispensed: outcome.grams, coinsCharged: charge, settledAt };
}

/** A command's row as its end leaves it: the device's answer when there was one; a lost command expires. */
export function commandEnd(id: string, end: CommandEnd) {
  if (end.status === 'lost') return { id, status: 'expired' as const, answer: null };
  const { outcome, ackedAt } = end;
  return {
    id,
    status: end.status,
    answer: outcome !== null && ackedAt ? { outcome, grams: end.grams, ackedAt } : null,
  };
}
