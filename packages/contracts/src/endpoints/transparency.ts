import { post } from '../endpoint';
import { EmptySchema } from '../envelope';
import {
  BaseAccountBodySchema,
  BaseAccountSchema,
  FoodPurchaseAddBodySchema,
  FoodPurchaseListBodySchema,
  FoodPurchaseListDataSchema,
  FoodPurchaseSchema,
  FoodPurchaseVoidBodySchema,
  PlatformAccountSchema,
} from '../transparency';

const tag = 'transparency';

/**
 * /api/transparency/base|platform: the public accounts (anyone, tourists included); /api/manage/food/*: the
 * food a base's operator bought, recorded and voided by that operator (others get not_operator or not_found).
 */
export const transparencyEndpoints = {
  base: post('/api/transparency/base', {
    auth: 'none',
    tag,
    input: BaseAccountBodySchema,
    data: BaseAccountSchema,
  }),
  platform: post('/api/transparency/platform', {
    auth: 'none',
    tag,
    input: EmptySchema.optional(),
    data: PlatformAccountSchema,
  }),
  foodList: post('/api/manage/food/list', {
    auth: 'user',
    tag: [tag, 'manage'],
    input: FoodPurchaseListBodySchema,
    data: FoodPurchaseListDataSchema,
  }),
  foodAdd: post('/api/manage/food/add', {
    auth: 'user',
    tag: [tag, 'manage'],
    input: FoodPurchaseAddBodySchema,
    data: FoodPurchaseSchema,
    message: 'ok.foodRecorded',
  }),
  foodVoid: post('/api/manage/food/void', {
    auth: 'user',
    tag: [tag, 'manage'],
    input: FoodPurchaseVoidBodySchema,
    data: FoodPurchaseSchema,
    message: 'ok.foodVoided',
  }),
};
