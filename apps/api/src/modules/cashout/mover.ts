import type { CashoutAction } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { EntryInput } from '../ledger/policy';
import { CASHOUT_CLEARING, PLATFORM_REVENUE } from '../ledger/policy';
import type { LedgerService } from '../ledger/service';
import { ledgerEffect, plan, TRANSITIONS } from './policy';
import type { CashoutRepository, CashoutRow } from './repository';

export interface Actor {
  role: 'operator' | 'admin';
  userId: number;
}

export interface CashoutMoverDeps {
  repo: CashoutRepository;
  /** A ledger working inside the given transaction (joined, no savepoints). */
  ledgerIn: (tx: Database) => LedgerService;
  clock: Clock;
}

/** Where a successful cash-out's held coins go: the net to cash-out clearing, the fee to platform revenue. */
export function payoutCredits(row: Pick<CashoutRow, 'coins' | 'feeCoins'>): EntryInput[] {
  return [
    { account: CASHOUT_CLEARING, amount: row.coins - row.feeCoins },
    ...(row.feeCoins > 0 ? [{ account: PLATFORM_REVENUE, amount: row.feeCoins }] : []),
  ];
}

/**
 * Moves cash-outs (policy.ts): in one database transaction the row is locked, the plan checked, each step
 * recorded (who, when, the note), the status set and, at the end, the hold posted (successful) or voided
 * (expired, transfer failed, rejected). A second mover of the same cash-out waits for the lock and then
 * finds it moved: the ledger is touched once.
 */
export class CashoutMover {
  private readonly movedListeners = new Set<(row: CashoutRow, actor: Actor, note: string) => void>();

  constructor(private readonly deps: CashoutMoverDeps) {}

  /**
   * Listens to moves, after each one's transaction committed (not to a repeated action that changed nothing):
   * the cash-out as it is now, who moved it and the note; returns the unsubscribe.
   */
  onMoved(listener: (row: CashoutRow, actor: Actor, note: string) => void): () => void {
    this.movedListeners.add(listener);
    return () => this.movedListeners.delete(listener);
  }

  /**
   * `ownerId`: only this user's cash-out (others' answer not_found, as if it did not exist). Throws
   * not_found, forbidden (an action that is not the actor's), cashout_status_changed (refused now).
   */
  async move(id: number, action: CashoutAction, actor: Actor, note: string, ownerId?: number): Promise<CashoutRow> {
    if (TRANSITIONS[action].by !== actor.role) throw new AppError('forbidden');
    // Whether the (last) run of the transaction moved it: a repeated action returns the row unchanged.
    const run = { changed: false };
    const result = await this.deps.repo.transaction(async (repo, tx) => {
      run.changed = false;
      const row = await repo.lock(id);
      if (!row || (ownerId !== undefined && row.userId !== ownerId)) throw new AppError('not_found');
      const p = plan(action, row.status);
      if (p.kind === 'already') return row;
      if (p.kind === 'refused') throw new AppError('cashout_status_changed');
      const at = this.deps.clock.now();
      for (const step of p.steps)
        await repo.insertEvent({
          cashoutId: row.id,
          fromStatus: step.from,
          toStatus: step.to,
          actorRole: actor.role,
          actorId: actor.userId,
          note,
          createdAt: at,
        });
      const to = TRANSITIONS[action].to;
      const moved = await repo.setStatus(row.id, to, at, note === '' ? undefined : note);
      const effect = ledgerEffect(to);
      if (effect && !row.holdId) throw new Error(`cash-out ${String(row.id)} has no hold`);
      if (effect === 'post' && row.holdId)
        await this.deps.ledgerIn(tx).postHold({ holdId: row.holdId, kind: 'cashout', credits: payoutCredits(row) });
      if (effect === 'void' && row.holdId) await this.deps.ledgerIn(tx).voidHold(row.holdId);
      run.changed = true;
      return moved;
    });
    if (run.changed) for (const listener of this.movedListeners) listener(result, actor, note);
    return result;
  }
}
