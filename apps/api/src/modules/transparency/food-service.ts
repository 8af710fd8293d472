import type {
  FoodPurchase,
  FoodPurchaseAddBody,
  FoodPurchaseListBody,
  FoodPurchaseListData,
} from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { FoodPurchaseRepository } from './food-repository';
import { toFoodPurchase } from './presenter';

export interface FoodPurchaseServiceDeps {
  repo: FoodPurchaseRepository;
  /** Throws not_operator unless the user is a base operator (the manage gate). */
  requireOperator(userId: number): Promise<void>;
  /** The upload path (/uploads/…) of an image address this server gives, else null. */
  uploadPath(address: string): string | null;
  /** The platform's currency (the form starts with it). */
  currency: string;
  clock: Clock;
  /** Told after a purchase was recorded or voided (the public accounts read again). */
  onChange?: () => void;
}

/**
 * Food a base's operator bought (issue 28 §3): recorded with the amount paid, the grams and a photo of the
 * receipt, by the operator of that base only; a wrong entry is voided (when, by whom), never edited or deleted.
 * Other users get not_operator; an operator naming another's base or purchase gets not_found.
 */
export class FoodPurchaseService {
  constructor(private readonly deps: FoodPurchaseServiceDeps) {}

  async list(userId: number, q: FoodPurchaseListBody): Promise<FoodPurchaseListData> {
    await this.deps.requireOperator(userId);
    const bases = await this.deps.repo.basesOf(userId);
    if (q.base_id !== undefined && !bases.some((b) => b.id === q.base_id)) throw new AppError('not_found');
    const { rows, total } = await this.deps.repo.list({
      baseId: q.base_id,
      operatorId: userId,
      withVoided: true,
      page: q.page,
      limit: q.limit,
    });
    return {
      list: rows.map(toFoodPurchase),
      total,
      page: q.page,
      limit: q.limit,
      bases,
      currency: this.deps.currency,
    };
  }

  async add(userId: number, body: FoodPurchaseAddBody): Promise<FoodPurchase> {
    await this.deps.requireOperator(userId);
    await this.ownBase(userId, body.base_id);
    const path = this.deps.uploadPath(body.receipt_photo);
    if (!path || !(await this.deps.repo.ownUpload(userId, path))) throw new AppError('image_not_uploaded');
    const id = await this.deps.repo.insert({
      baseId: body.base_id,
      recordedBy: userId,
      amount: body.amount,
      currency: body.currency,
      grams: body.grams,
      receiptPhoto: path,
      note: body.note,
      purchasedAt: new Date(`${body.purchased_on}T00:00:00Z`),
    });
    this.deps.onChange?.();
    return this.present(id);
  }

  /** Voids a purchase of one of the user's bases (once: voiding it again answers it as it is). */
  async void(userId: number, id: number): Promise<FoodPurchase> {
    await this.deps.requireOperator(userId);
    const row = await this.deps.repo.byId(id);
    if (!row) throw new AppError('not_found');
    await this.ownBase(userId, row.baseId);
    await this.deps.repo.void(id, userId, this.deps.clock.now());
    this.deps.onChange?.();
    return this.present(id);
  }

  private async ownBase(userId: number, baseId: number): Promise<void> {
    const base = await this.deps.repo.base(baseId);
    if (base?.operatorId !== userId) throw new AppError('not_found');
  }

  private async present(id: number): Promise<FoodPurchase> {
    const row = await this.deps.repo.byId(id);
    if (!row) throw new AppError('not_found');
    return toFoodPurchase(row);
  }
}
