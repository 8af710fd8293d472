import type { FoodPurchase } from '@petheart/contracts';
import { seconds, utcDate } from '../../lib/time';
import type { FoodPurchaseRow } from './food-repository';

/** A purchase as its operator and the public see it (the receipt's photo as its upload path). */
export function toFoodPurchase(r: FoodPurchaseRow): FoodPurchase {
  return {
    id: r.id,
    base_id: r.baseId,
    base_name: r.baseName,
    amount: r.amount,
    currency: r.currency,
    grams: r.grams,
    receipt_photo: r.receiptPhoto,
    note: r.note,
    purchased_on: utcDate(r.purchasedAt),
    created_at: seconds(r.createdAt),
    voided_at: r.voidedAt ? seconds(r.voidedAt) : null,
  };
}
