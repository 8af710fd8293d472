import {
  mapsEndpoints as maps,
  paymentEndpoints as payment,
  supportEndpoints as support,
  type EndpointInput,
  type OrderConfirmBody,
  type SupportApplicationListData,
  type SupportApplyBody,
  type SupportEventListData,
  type SupportGiveBody,
  type SupportSupportersData,
} from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** Support's calls (supportEndpoints, with paymentEndpoints.order and mapsEndpoints). */
export function supportApi(api: ApiClient) {
  return {
    /** Support events with their progress: live first, newest first (tourists too). */
    events: (page: number, limit: number): Promise<SupportEventListData> =>
      api.call(support.events, { page, limit }, { silent: true }),
    /** One event with its items. */
    event: (id: number) => api.call(support.event, { id }, { silent: true }),
    /** The gifts to an event, newest first. */
    supporters: (eventId: number, page: number, limit: number): Promise<SupportSupportersData> =>
      api.call(support.supporters, { event_id: eventId, page, limit }, { silent: true }),
    /** Points of an item paid with coins; silent: the page answers insufficient balance with a prompt. */
    give: (body: SupportGiveBody) => api.call(support.give, body, { task: 'supportGive', silent: true }),
    /** The support types (from config, in the user's language). */
    types: () => api.call(support.types, undefined, { silent: true }),
    apply: (body: SupportApplyBody) => api.call(support.apply, body, { task: 'supportApply' }),
    /** The user's applications, newest first, with their review state and reason. */
    applications: (page: number, limit: number): Promise<SupportApplicationListData> =>
      api.call(support.applications, { page, limit }, { silent: true }),
    /** What a help-pay pays and to whom. */
    orderConfirm: (body: OrderConfirmBody) => api.call(support.orderConfirm, body, { silent: true }),
    /** Places a help-pay order; errors (e.g. "请在微信中打开", "支付异常") are toasted by the client. */
    helpPay: (body: OrderConfirmBody) => api.call(support.balanceHelpPay, body, { task: 'helpPay' }),
    /** One order's status after paying; silent: the page shows the outcome itself. */
    order: (orderNo: string) => api.call(payment.order, { order_no: orderNo }, { silent: true }),
  };
}
export type SupportApi = ReturnType<typeof supportApi>;

/** The maps service through our API (silent: the address picker shows its errors where the user types). */
export function mapsApi(api: ApiClient) {
  return {
    suggestion: (body: EndpointInput<typeof maps.suggestion>) => api.call(maps.suggestion, body, { silent: true }),
    search: (body: EndpointInput<typeof maps.search>) => api.call(maps.search, body, { silent: true }),
    geocoder: (body: EndpointInput<typeof maps.geocoder>) => api.call(maps.geocoder, body, { silent: true }),
  };
}
export type MapsApi = ReturnType<typeof mapsApi>;

export const EVENTS_KEY = ['support', 'events'] as const;
export const eventKey = (id: number) => ['support', 'event', id] as const;
export const supportersKey = (id: number) => ['support', 'supporters', id] as const;
export const APPLICATIONS_KEY = ['support', 'applications'] as const;
export const TYPES_KEY = ['support', 'types'] as const;
export const orderConfirmKey = (body: OrderConfirmBody) =>
  ['support', 'orderConfirm', body.id, body.rescue_station_id, body.points] as const;
