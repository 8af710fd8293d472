/** The support pages (spec §2). */
export const DETAIL_PATH = '/pages/beneficence/detail';
export const APPLY_PATH = '/pages/beneficence/apply';
export const ORDER_CONFIRM_PATH = '/pages/public/orderConfirm';
export const RECHARGE_PATH = '/pages/money/money';
/** Where every coin goes: the platform's public account (issue 28 §3). */
export const ACCOUNT_PATH = '/pages/public/account';

export const eventPath = (id: number) => `${DETAIL_PATH}?id=${String(id)}`;

/** The order confirmation of a help-pay: the item, its rescue station, and (optionally) the points. */
export function orderConfirmPath(o: { itemId: number; stationId: number; points?: number }): string {
  const q = new URLSearchParams({ id: String(o.itemId), rescue_station_id: String(o.stationId) });
  if (o.points && o.points > 1) q.set('points', String(o.points));
  return `${ORDER_CONFIRM_PATH}?${q.toString()}`;
}

/** Positive whole numbers from the query string (`?id=`), otherwise null. */
export function idParam(value: string | null): number | null {
  const n = Number(value?.trim());
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}
