import {
  transparencyEndpoints as e,
  type FoodPurchase,
  type FoodPurchaseAddBody,
  type FoodPurchaseListData,
} from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** How many of the operator's purchases the section lists at first, and how many more each time. */
export const FOOD_PAGE = 10;

/** The food the operator bought (issue 28 §3): list, record, void. */
export function foodApi(api: ApiClient) {
  return {
    /** The operator's purchases, voided ones included, newest first; the section shows a failure itself. */
    list: (limit: number): Promise<FoodPurchaseListData> => api.call(e.foodList, { page: 1, limit }, { silent: true }),
    /** Records a purchase; the form shows the refusal at its field (or the client toasts it). */
    add: (body: FoodPurchaseAddBody): Promise<FoodPurchase> => api.call(e.foodAdd, body, { task: 'food-add' }),
    /** Voids a purchase (the client toasts a refusal). */
    void: (id: number): Promise<FoodPurchase> => api.call(e.foodVoid, { id }, { task: `food-void:${String(id)}` }),
  };
}
export type FoodApi = ReturnType<typeof foodApi>;

export const FOOD_KEY = ['manage', 'food'] as const;
