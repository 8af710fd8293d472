import {
  MapGeocoderDataSchema,
  MapPlaceListDataSchema,
  OrderConfirmDataSchema,
  PayRequestDataSchema,
  PaymentOrderSchema,
  SupportApplicationListDataSchema,
  SupportApplicationSchema,
  SupportEventDetailSchema,
  SupportEventListDataSchema,
  SupportGiveDataSchema,
  SupportSupportersDataSchema,
  SupportTypeListDataSchema,
  type MapGeocoderBodySchema,
  type MapSearchBodySchema,
  type MapSuggestionBodySchema,
  type OrderConfirmBody,
  type SupportApplicationListData,
  type SupportApplyBody,
  type SupportEventListData,
  type SupportGiveBody,
  type SupportSupportersData,
} from '@petheart/contracts';
import type { z } from 'zod';
import type { ApiClient } from '../../shared/api';

/** Support's calls (packages/contracts/src/support.ts and maps.ts), each with its response schema. */
export function supportApi(api: ApiClient) {
  return {
    /** Support events with their progress: live first, newest first (tourists too). */
    events: (page: number, limit: number): Promise<SupportEventListData> =>
      api.request({ path: '/support/events', data: { page, limit }, schema: SupportEventListDataSchema, silent: true }),
    /** One event with its items. */
    event: (id: number) =>
      api.request({ path: '/support/event', data: { id }, schema: SupportEventDetailSchema, silent: true }),
    /** The gifts to an event, newest first. */
    supporters: (eventId: number, page: number, limit: number): Promise<SupportSupportersData> =>
      api.request({
        path: '/support/supporters',
        data: { event_id: eventId, page, limit },
        schema: SupportSupportersDataSchema,
        silent: true,
      }),
    /** Points of an item paid with coins; silent: the page answers insufficient balance with a prompt. */
    give: (body: SupportGiveBody) =>
      api.request({
        path: '/support/give',
        data: body,
        schema: SupportGiveDataSchema,
        task: 'supportGive',
        silent: true,
      }),
    /** The support types (from config, in the user's language). */
    types: () => api.request({ path: '/support/types', schema: SupportTypeListDataSchema, silent: true }),
    apply: (body: SupportApplyBody) =>
      api.request({ path: '/support/apply', data: body, schema: SupportApplicationSchema, task: 'supportApply' }),
    /** The user's applications, newest first, with their review state and reason. */
    applications: (page: number, limit: number): Promise<SupportApplicationListData> =>
      api.request({
        path: '/support/applications',
        data: { page, limit },
        schema: SupportApplicationListDataSchema,
        silent: true,
      }),
    /** What a help-pay pays and to whom. */
    orderConfirm: (body: OrderConfirmBody) =>
      api.request({ path: '/support/orderConfirm', data: body, schema: OrderConfirmDataSchema, silent: true }),
    /** Places a help-pay order; errors (e.g. "请在微信中打开", "支付异常") are toasted by the client. */
    helpPay: (body: OrderConfirmBody) =>
      api.request({ path: '/balance/HelpPay', data: body, schema: PayRequestDataSchema, task: 'helpPay' }),
    /** One order's status after paying; silent: the page shows the outcome itself. */
    order: (orderNo: string) =>
      api.request({ path: '/balance/order', data: { order_no: orderNo }, schema: PaymentOrderSchema, silent: true }),
  };
}
export type SupportApi = ReturnType<typeof supportApi>;

/** The maps service through our API (silent: the address picker shows its errors where the user types). */
export function mapsApi(api: ApiClient) {
  return {
    suggestion: (body: z.input<typeof MapSuggestionBodySchema>) =>
      api.request({ path: '/maps/suggestion', data: body, schema: MapPlaceListDataSchema, silent: true }),
    search: (body: z.input<typeof MapSearchBodySchema>) =>
      api.request({ path: '/maps/search', data: body, schema: MapPlaceListDataSchema, silent: true }),
    geocoder: (body: z.input<typeof MapGeocoderBodySchema>) =>
      api.request({ path: '/maps/geocoder', data: body, schema: MapGeocoderDataSchema, silent: true }),
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
