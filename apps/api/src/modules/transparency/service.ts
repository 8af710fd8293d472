import type { BaseAccount, BaseAccountRow, PlatformAccount } from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { seconds } from '../../lib/time';
import { FiguresCache } from './figures-cache';
import type { FedGramsRepository } from './fed-grams-repository';
import { account, cashedOut, foodBought, postingsByKey, postingsTotal } from './figures';
import type { FoodPurchaseRepository } from './food-repository';
import type { AccountLedgerRepository } from './ledger-repository';
import { toFoodPurchase } from './presenter';

/** The latest purchases a base's account lists, and the platform's. */
export const BASE_PURCHASES_SHOWN = 50;
export const PLATFORM_PURCHASES_SHOWN = 20;

export interface AccountServiceDeps {
  ledger: AccountLedgerRepository;
  fed: FedGramsRepository;
  food: FoodPurchaseRepository;
  /** What a coin is worth now (minor units: the cash-out settings). */
  coinValue: () => Promise<number>;
  currency: string;
  clock: Clock;
  /** How long an account read is answered again (0: never kept). */
  cacheMs: number;
}

/**
 * The public accounts (issue 28 §3): a base's and the platform's, open to everyone. Each figure is read from
 * the ledger (AccountLedgerRepository), the devices' answers (FedGramsRepository: the one definition of grams
 * fed) or the operators' purchases (FoodPurchaseRepository.sums), then added up per month and in total by
 * ./figures; nothing is stored twice. A base's coins raised are its feeds' and the gifts and help-pay to its
 * operator's support requests (./base-support-sql), exactly what its monthly statements list.
 */
export class AccountService {
  private readonly cache: FiguresCache;

  constructor(private readonly deps: AccountServiceDeps) {
    this.cache = new FiguresCache(deps.clock, deps.cacheMs);
  }

  /** A base's account, as read at most `cacheMs` ago. */
  base(baseId: number): Promise<BaseAccount> {
    return this.cache.get(`base:${String(baseId)}`, () => this.readBase(baseId));
  }

  /** The platform's account, as read at most `cacheMs` ago. */
  platform(): Promise<PlatformAccount> {
    return this.cache.get('platform', () => this.readPlatform());
  }

  /** Drops every account read (a purchase was recorded or voided). */
  invalidate(): void {
    this.cache.invalidate();
  }

  private async readBase(baseId: number): Promise<BaseAccount> {
    const { ledger, fed, food } = this.deps;
    const base = await food.base(baseId);
    if (!base) throw new AppError('not_found');
    const [feedPostings, supportPostings, fedMonths, foodMonths, purchases, coinValue, operator] = await Promise.all([
      ledger.feedPostings(baseId, 'month'),
      ledger.supportPostings(base.operatorId),
      fed.fed({ baseId }, 'month'),
      food.sums(baseId, 'month'),
      food.list({ baseId, withVoided: false, page: 1, limit: BASE_PURCHASES_SHOWN }),
      this.deps.coinValue(),
      this.operator(base.operatorId),
    ]);
    const { totals, months, voided } = account([...feedPostings, ...supportPostings], fedMonths, foodMonths);
    return {
      base: { id: base.id, name: base.name, animal_count: base.animalCount },
      coin_value: coinValue,
      currency: this.deps.currency,
      totals,
      operator,
      months,
      purchases: purchases.rows.map(toFoodPurchase),
      voided_purchases: voided,
      as_of: seconds(this.deps.clock.now()),
    };
  }

  private async readPlatform(): Promise<PlatformAccount> {
    const { ledger, fed, food } = this.deps;
    const [postings, basePostings, fedMonths, fedBases, foodMonths, foodBases, purchases, paid, names, coinValue] =
      await Promise.all([
        ledger.platformPostings(),
        ledger.feedPostings(undefined, 'base'),
        fed.fed({}, 'month'),
        fed.fed({}, 'base'),
        food.sums(undefined, 'month'),
        food.sums(undefined, 'base'),
        food.list({ withVoided: false, page: 1, limit: PLATFORM_PURCHASES_SHOWN }),
        ledger.cashoutsPaid(),
        food.baseNames(),
        this.deps.coinValue(),
      ]);
    const { totals, months, voided } = account(postings, fedMonths, foodMonths);
    const raisedBy = postingsByKey(basePostings);
    const fedBy = new Map(fedBases.map((r) => [r.key, r]));
    const bought = foodBases.filter((s) => !s.voided);
    const keys = new Set([...raisedBy.keys(), ...fedBy.keys(), ...bought.map((s) => s.key)]);
    const bases = [...keys]
      .map((key): BaseAccountRow => {
        const p = raisedBy.get(key);
        return {
          base_id: Number(key),
          name: names.get(Number(key)) ?? '',
          raised: p?.feeds ?? 0,
          feeds: fedBy.get(key)?.feeds ?? 0,
          grams_dispensed: fedBy.get(key)?.grams ?? 0,
          operator_share: p?.operatorShare ?? 0,
          food_grams: foodBought(bought.filter((s) => s.key === key)).grams,
        };
      })
      .sort((a, b) => b.raised - a.raised || b.grams_dispensed - a.grams_dispensed || a.base_id - b.base_id);
    return {
      coin_value: coinValue,
      currency: this.deps.currency,
      totals,
      cashed_out: cashedOut(postingsTotal(postings), paid),
      months,
      bases,
      purchases: purchases.rows.map(toFoodPurchase),
      voided_purchases: voided,
      as_of: seconds(this.deps.clock.now()),
    };
  }

  /** A base's operator: their bases, the share all their bases' feeds credited them, their cash-outs. */
  private async operator(userId: number | null): Promise<BaseAccount['operator']> {
    if (userId === null) return null;
    const [bases, postings, paid] = await Promise.all([
      this.deps.food.baseCount(userId),
      this.deps.ledger.operatorPostings(userId),
      this.deps.ledger.cashoutsPaid(userId),
    ]);
    return { bases, share_all_bases: postings.share, cashed_out: cashedOut(postings, paid) };
  }
}
