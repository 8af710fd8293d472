import {
  cashoutStateOf,
  type AdminCashout,
  type AdminCashoutDetail,
  type AdminCashoutListBody,
  type AdminCashoutListData,
  type CashoutAdminAction,
  type CashoutRules,
  type CashoutSettings,
  type CashoutSettingsUpdateBody,
} from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { CardCipher } from './card-cipher';
import type { CashoutMover } from './mover';
import { toAdminCashout, toAdminCashoutEvent } from './presenter';
import type { CashoutRepository } from './repository';

export interface CashoutAdminServiceDeps {
  repo: CashoutRepository;
  cipher: CardCipher;
  mover: CashoutMover;
  rules: () => Promise<CashoutRules>;
  saveRules: (rules: CashoutRules) => Promise<CashoutRules>;
  currency: string;
}

/** The console's cash-out processing (admins only): the queue, the processing view, the actions, the rules. */
export class CashoutAdminService {
  constructor(private readonly deps: CashoutAdminServiceDeps) {}

  async list(q: AdminCashoutListBody): Promise<AdminCashoutListData> {
    const { rows, total } = await this.deps.repo.adminList({
      page: q.page,
      limit: q.limit,
      status: q.status === undefined ? undefined : cashoutStateOf(q.status),
      user: q.user,
    });
    return { list: rows.map(toAdminCashout), total, page: q.page, limit: q.limit };
  }

  /** The processing view: the only answer with the whole card number, with the history and the hold. */
  async detail(id: number): Promise<AdminCashoutDetail> {
    const row = await this.deps.repo.withOwnerById(id);
    if (!row) throw new AppError('not_found');
    const [events, hold] = await Promise.all([
      this.deps.repo.eventsOf(row.id),
      row.holdId ? this.deps.repo.holdState(row.holdId) : undefined,
    ]);
    if (!row.holdId || !hold) throw new Error(`cash-out ${String(row.id)} has no hold`);
    return {
      ...toAdminCashout(row),
      card_number_full: this.deps.cipher.decrypt(row.cardCipher, row.userId),
      history: events.map(toAdminCashoutEvent),
      hold_id: row.holdId,
      hold_status: hold.status,
      ledger_transaction_id: hold.transactionId,
    };
  }

  /** approve, reject, transferred, failed, succeeded, expired, review: recorded with who and when. */
  async act(action: CashoutAdminAction, id: number, note: string, adminId: number): Promise<AdminCashout> {
    await this.deps.mover.move(id, action, { role: 'admin', userId: adminId }, note);
    const row = await this.deps.repo.withOwnerById(id);
    if (!row) throw new AppError('not_found');
    return toAdminCashout(row);
  }

  async settings(): Promise<CashoutSettings> {
    return { ...(await this.deps.rules()), currency: this.deps.currency };
  }

  /** Saves the rules; requests already made keep the figures they were made with. */
  async updateSettings(body: CashoutSettingsUpdateBody): Promise<CashoutSettings> {
    return { ...(await this.deps.saveRules(body)), currency: this.deps.currency };
  }
}
