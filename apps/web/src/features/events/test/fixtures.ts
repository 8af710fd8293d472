import { vi } from 'vitest';
import { fireEvent } from '@testing-library/react';
import type {
  MapPlace,
  OrderConfirmData,
  SupportApplication,
  SupportEventDetail,
  SupportEventSummary,
  SupportItem,
  Supporter,
  UserInfo,
} from '@petheart/contracts';
import { configurationEndpoints, supportEndpoints, userEndpoints } from '@petheart/contracts';
import { demoUser, CONFIG, apiCallOf, type ApiCall } from '../../../test-support/app';

/** Test data and a fake API for the support pages (never imported by app code). */

/** A page's first render loads its lazy module (cold in a test run): wait longer for it. */
export const SLOW = { timeout: 5000 };
const now = Math.floor(Date.now() / 1000);

export const user = (balance: number): UserInfo => demoUser({ id: 7, login_days: 1, balance, created_at: 1 });

export const station = {
  id: 4,
  name: 'Jing’an Stray Cat Rescue',
  address: 'Yuyuan Road, Shanghai',
  latitude: 31.22,
  longitude: 121.44,
  animal_nums: 42,
};

export const item = (id: number, over: Partial<SupportItem> = {}): SupportItem => ({
  id,
  title: `Item ${String(id)}`,
  price: 30,
  gift: 'One 1 kg bag of dry food',
  completed: 10,
  target: 120,
  supporters: 3,
  ...over,
});

export const summary = (id: number, over: Partial<SupportEventSummary> = {}): SupportEventSummary => ({
  id,
  title: `Event ${String(id)}`,
  cover: '',
  status: 'live',
  station,
  completed: 30,
  target: 162,
  supporters: 5,
  item_count: 2,
  created_at: now - 3600 - id,
  text_lang: 'en',
  ...over,
});

export const detail = (
  id: number,
  items: SupportItem[],
  over: Partial<SupportEventDetail> = {},
): SupportEventDetail => ({
  ...summary(id),
  description: 'Winter food and vaccines.',
  items,
  completed: items.reduce((n, i) => n + i.completed, 0),
  target: items.reduce((n, i) => n + i.target, 0),
  item_count: items.length,
  ...over,
});

export const supporter = (n: number, over: Partial<Supporter> = {}): Supporter => ({
  gift_id: n,
  user: { id: 20 + n, nickname: `Fan ${String(n)}`, avatar: '' },
  item_id: 1,
  item_title: 'Item 1',
  points: 2,
  coins: 60,
  source: 'coins',
  created_at: now - 60 * n,
  ...over,
});

export const application = (id: number, over: Partial<SupportApplication> = {}): SupportApplication => ({
  id,
  animal_nums: 12,
  applicant: 'Lin',
  mobile: '13800138000',
  wechat_number: 'lin_cats',
  application_type_id: 1,
  application_type: 'Food',
  address: 'Huangpu, Shanghai',
  name: `Shelter ${String(id)}`,
  latitude: 31.2,
  longitude: 121.4,
  description: '',
  status: 0,
  reason: '',
  created_at: now - 600,
  reviewed_at: null,
  event_ids: [],
  ...over,
});

export const place = (id: string, over: Partial<MapPlace> = {}): MapPlace => ({
  id,
  title: `Place ${id}`,
  latitude: 31.23,
  longitude: 121.45,
  address: `Address of ${id}`,
  category: 'district',
  tel: '',
  adcode: '310106',
  city: '上海市',
  district: '静安区',
  province: '上海市',
  distance: 1200,
  ...over,
});

export const confirmData = (points: number, over: Partial<OrderConfirmData> = {}): OrderConfirmData => ({
  station,
  event: { id: 9, title: 'Winter food', status: 'live', text_lang: 'en' },
  item: item(1, { title: 'Dry cat food' }),
  points,
  coins: 30 * points,
  amount: 300 * points,
  currency: 'CNY',
  remaining: 110,
  ...over,
});

/** A refused call: the HTTP status, the error id and the message. */
export class Fail {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly msg: string,
  ) {}
}

/** A call whose answer is lost (the network failed). */
export const LOST = Symbol('lost');

/** Pages `rows` by the call's page and limit, as the API's paged lists answer. */
export function paged<T>(rows: T[], c: ApiCall) {
  const page = Number(c.body.page ?? 1);
  const limit = Number(c.body.limit ?? 10);
  return { list: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit };
}

export interface SupportState {
  balance?: number;
  events?: SupportEventSummary[];
  details?: SupportEventDetail[];
  supporters?: Supporter[];
  applications?: SupportApplication[];
  types?: { id: number; name: string }[];
}

/**
 * Stubs `fetch` with a fake of the support API over `state`; `extra(call)` answers first (data, a Fail, LOST,
 * or undefined to fall through). Unknown calls get 404. Returns the calls.
 */
export function stubSupport(state: SupportState, extra: (c: ApiCall) => unknown = () => undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  const answer = (c: ApiCall): unknown => {
    const own = extra(c);
    if (own !== undefined) return own;
    switch (c.endpoint) {
      case configurationEndpoints.getConfiguration:
        return CONFIG;
      case userEndpoints.index:
        return { userinfo: user(state.balance ?? 100) };
      case supportEndpoints.events:
        return paged(state.events ?? [], c);
      case supportEndpoints.event:
        return state.details?.find((e) => e.id === c.body.id) ?? new Fail(404, 'not_found', 'Not found');
      case supportEndpoints.supporters:
        return paged(state.supporters ?? [], c);
      case supportEndpoints.types:
        return {
          list: state.types ?? [
            { id: 1, name: 'Food' },
            { id: 2, name: 'Medical care' },
          ],
        };
      case supportEndpoints.applications:
        return paged(state.applications ?? [], c);
      default:
        return undefined;
    }
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const call = apiCallOf(input, init);
      calls.push(call);
      const data = answer(call);
      if (data === LOST) return Promise.reject(new TypeError('Failed to fetch'));
      const res =
        data instanceof Fail
          ? { status: data.status, body: { code: 0, msg: data.msg, time: 1, data: { error: data.error } } }
          : data === undefined
            ? { status: 404, body: { code: 0, msg: '404', time: 1, data: { error: 'not_found' } } }
            : { status: 200, body: { code: 1, msg: '', time: 1, data } };
      return Promise.resolve(new Response(JSON.stringify(res.body), { status: res.status }));
    }),
  );
  return calls;
}

/** Pulls `el` down past the refresh threshold and lets go (the pull-to-refresh gesture). */
export function pullDown(el: Element) {
  fireEvent.touchStart(el, { touches: [{ clientY: 10 }] });
  fireEvent.touchMove(el, { touches: [{ clientY: 200 }] });
  fireEvent.touchEnd(el, { touches: [] });
}

/** antd-mobile's popups bind drag gestures that capture the pointer; jsdom has no pointer capture. */
export function allowPointerCapture() {
  if (!('setPointerCapture' in Element.prototype)) {
    Object.assign(Element.prototype, { setPointerCapture() {}, releasePointerCapture() {} });
  }
}
