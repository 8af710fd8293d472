import { AppError } from '../../http/errors';
import { toTransactionView, type LedgerTransactionView } from './presenter';
import type { AccountRow, EntryRow, HoldRow, LedgerRepository } from './repository';

/** Keys of hold postings ('hold:<hold id>'); record() refuses them so no caller can take one. */
export const HOLD_KEY_PREFIX = 'hold:';

/** True when two transactions move the same amounts on the same accounts. */
export function sameLines(a: { accountId: number; amount: number }[], b: { accountId: number; amount: number }[]) {
  const text = (lines: typeof a) =>
    lines
      .map((e) => `${String(e.accountId)}:${String(e.amount)}`)
      .sort()
      .join(',');
  return text(a) === text(b);
}

/**
 * Inside a transaction, after an account changed: a wallet's available coins are what users.balance
 * shows. Adds the user to `wallets` (their cached userinfo is dropped after the commit).
 */
export async function showWallet(repo: LedgerRepository, account: AccountRow, wallets: number[]): Promise<void> {
  if (account.kind !== 'user_wallet' || account.userId === null) return;
  await repo.showUserBalance(account.userId, account.balance - account.held);
  wallets.push(account.userId);
}

/**
 * The order every writer takes account row locks in, so two transactions never wait on each other in a
 * circle: users' wallets first, then the shared accounts (operators' earnings, platform revenue, clearing),
 * each by id. The shared ones are hot (every feed credits platform revenue): taken last, they stay locked
 * only for the end of a transaction.
 */
export function lockOrder(a: { accountId: number; kind: string }, b: { accountId: number; kind: string }): number {
  const shared = (line: { kind: string }) => (line.kind === 'user_wallet' ? 0 : 1);
  return shared(a) - shared(b) || a.accountId - b.accountId;
}

/**
 * Inside a transaction: adds each line to its account, in lockOrder, releasing
 * `release.amount` held coins on `release.accountId` on the way. A user's account that would go below
 * what it holds fails the whole transaction with insufficient_balance. Returns the users whose
 * wallets changed.
 */
export async function applyLines(
  repo: LedgerRepository,
  lines: EntryRow[],
  release?: { accountId: number; amount: number },
): Promise<number[]> {
  const wallets: number[] = [];
  for (const line of [...lines].sort(lockOrder)) {
    const heldDelta = release?.accountId === line.accountId ? -release.amount : 0;
    const account = await repo.adjust(line.accountId, line.amount, heldDelta);
    if (!account) throw new AppError('insufficient_balance');
    await showWallet(repo, account, wallets);
  }
  return wallets;
}

/** The transaction that posted a hold (answered again when the hold is posted twice). */
export async function postedTransaction(repo: LedgerRepository, hold: HoldRow): Promise<LedgerTransactionView> {
  const tx = hold.transactionId === null ? undefined : await repo.transactionById(hold.transactionId);
  if (!tx) throw new Error(`posted hold ${hold.id} has no transaction`);
  return toTransactionView(tx, await repo.entriesOf(tx.id), true);
}
