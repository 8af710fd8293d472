import { accountKey, type AccountRef } from './policy';
import type { LedgerRepository } from './repository';

/**
 * Account ids by account, creating accounts on first use. Ids of committed accounts go into `committed`,
 * shared by every ledger of the process (accounts are never deleted); an account this one created stays
 * in its own map, since the transaction that created it may still roll back.
 */
export class AccountIds {
  private readonly created = new Map<string, number>();

  constructor(
    private readonly ledger: Pick<LedgerRepository, 'ensureAccount'>,
    private readonly committed: Map<string, number> = new Map<string, number>(),
  ) {}

  async of(ref: AccountRef): Promise<number> {
    const key = accountKey(ref);
    const known = this.committed.get(key) ?? this.created.get(key);
    if (known !== undefined) return known;
    const { account, created } = await this.ledger.ensureAccount(ref);
    (created ? this.created : this.committed).set(key, account.id);
    return account.id;
  }
}
