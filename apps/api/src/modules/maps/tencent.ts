import type { MapGeocode, MapPlace } from '@petheart/contracts';
import { z } from 'zod';
import {
  MapError,
  type LatLng,
  type MapsProvider,
  type PlaceList,
  type PlaceSearch,
  type PlaceSuggestion,
} from './provider';
import { signedQuery } from './signature';

export interface TencentMapsConfig {
  key: string;
  /** The SK of the key's signature check (SN 校验); without it requests are sent unsigned. */
  secretKey: string | undefined;
  /** https://apis.map.qq.com (tests: a local fake). */
  apiBase: string;
  /** Gives up on a request after this long (ms): a network failure (1000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told about every failure (the service's own status and message are for the operators). */
  onError?: (error: unknown) => void;
}

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));
const LocationSchema = z.object({ lat: z.number(), lng: z.number() });
const AdInfoSchema = z.object({ adcode: text, province: text, city: text, district: text }).partial();

const PlaceSchema = z.object({
  id: text,
  title: text,
  address: text,
  category: text,
  tel: text,
  location: LocationSchema,
  _distance: z.number().nullish(),
  ad_info: AdInfoSchema.nullish(),
  // Suggestions carry these at the top level.
  adcode: text,
  province: text,
  city: text,
  district: text,
});
const ListAnswerSchema = z.object({ count: z.number().int().nullish(), data: z.array(PlaceSchema).nullish() });

const ComponentsSchema = z
  .object({ province: text, city: text, district: text, street: text, street_number: text })
  .partial();
const GeocodeAnswerSchema = z.object({
  result: z.object({
    title: text,
    address: text,
    location: LocationSchema,
    ad_info: AdInfoSchema.nullish(),
    address_components: ComponentsSchema.nullish(),
    address_component: ComponentsSchema.nullish(),
    formatted_addresses: z.object({ recommend: text }).partial().nullish(),
  }),
});

/**
 * Statuses that mean the request's parameters were wrong (missing, malformed, wrong type: the SDK's 310), and
 * "no result" (347). Key, quota and permission statuses (110–121, 311…) are the operator's problem: 600.
 */
const PARAMETER_STATUSES = new Set([306, 310, 320, 348]);
const NO_RESULT = 347;

function toPlace(p: z.infer<typeof PlaceSchema>): MapPlace {
  return {
    id: p.id,
    title: p.title,
    latitude: p.location.lat,
    longitude: p.location.lng,
    address: p.address,
    category: p.category,
    tel: p.tel,
    adcode: p.ad_info?.adcode || p.adcode,
    city: p.ad_info?.city || p.city,
    district: p.ad_info?.district || p.district,
    province: p.ad_info?.province || p.province,
    distance: p._distance === null || p._distance === undefined ? null : Math.round(p._distance),
  };
}

const at = (l: LatLng) => `${String(l.latitude)},${String(l.longitude)}`;

/**
 * The Tencent location web service (https://lbs.qq.com, WebService API): place search, suggestion and
 * (reverse) geocoding, each a GET with the key, output=json and, with an SK, the request signature. Status 0
 * is success; parameter statuses are 310, "no result" (347) is an empty answer, any other status or an HTTP
 * failure is 600, and no answer (network, time-out) is 1000.
 */
export class TencentMapsProvider implements MapsProvider {
  readonly source = 'tencent' as const;

  constructor(private readonly config: TencentMapsConfig) {}

  async search(q: PlaceSearch): Promise<PlaceList> {
    const boundary = q.region
      ? `region(${q.region},1${q.location ? `,${at(q.location)}` : ''})`
      : `nearby(${q.location ? at(q.location) : ''},${String(q.radius)},1)`;
    const params: Record<string, string> = {
      keyword: q.keyword,
      boundary,
      page_size: String(q.pageSize),
      page_index: String(q.pageIndex),
    };
    if (q.location) params.orderby = '_distance';
    const answer = await this.call('/ws/place/v1/search', params);
    return answer === null ? { list: [], count: 0 } : this.list(answer);
  }

  async suggestion(q: PlaceSuggestion): Promise<PlaceList> {
    const params: Record<string, string> = {
      keyword: q.keyword,
      region: q.region,
      region_fix: '0',
      policy: '0',
      page_size: String(q.pageSize),
      page_index: String(q.pageIndex),
    };
    if (q.location) params.location = at(q.location);
    const answer = await this.call('/ws/place/v1/suggestion', params);
    return answer === null ? { list: [], count: 0 } : this.list(answer);
  }

  async geocode(address: string, region: string | undefined): Promise<MapGeocode | null> {
    const params: Record<string, string> = { address };
    if (region) params.region = region;
    return this.geocoded(await this.call('/ws/geocoder/v1', params));
  }

  async reverseGeocode(location: LatLng): Promise<MapGeocode | null> {
    return this.geocoded(await this.call('/ws/geocoder/v1', { location: at(location), get_poi: '0' }));
  }

  private list(answer: unknown): PlaceList {
    const parsed = ListAnswerSchema.safeParse(answer);
    if (!parsed.success) throw this.failed(new MapError(600, '', 'unexpected place list', { cause: parsed.error }));
    const list = (parsed.data.data ?? []).map(toPlace);
    return { list, count: parsed.data.count ?? list.length };
  }

  private geocoded(answer: unknown): MapGeocode | null {
    if (answer === null) return null;
    const parsed = GeocodeAnswerSchema.safeParse(answer);
    if (!parsed.success)
      throw this.failed(new MapError(600, '', 'unexpected geocoder answer', { cause: parsed.error }));
    const r = parsed.data.result;
    const c = r.address_components ?? r.address_component ?? {};
    return {
      title: r.title || r.formatted_addresses?.recommend || r.address,
      address: r.address || [c.province, c.city, c.district, c.street, c.street_number].join(''),
      latitude: r.location.lat,
      longitude: r.location.lng,
      adcode: r.ad_info?.adcode ?? '',
      province: c.province ?? r.ad_info?.province ?? '',
      city: c.city ?? r.ad_info?.city ?? '',
      district: c.district ?? r.ad_info?.district ?? '',
      street: c.street ?? '',
      street_number: c.street_number ?? '',
    };
  }

  /** One GET; the answer's body when its status is 0, null for "no result", else a MapError. */
  private async call(path: string, params: Record<string, string>): Promise<unknown> {
    const { key, secretKey, apiBase } = this.config;
    const query = signedQuery(path, { ...params, key, output: 'json' }, secretKey);
    const fetcher = this.config.fetch ?? fetch;
    let response: Response;
    try {
      response = await fetcher(`${apiBase}${path}?${query}`, {
        method: 'GET',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 8_000),
      });
    } catch (error) {
      throw this.failed(new MapError(1000, '', `no answer from ${path}`, { cause: error }));
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw this.failed(new MapError(600, '', `HTTP ${String(response.status)}, no JSON`, { cause: error }));
    }
    if (!response.ok) throw this.failed(new MapError(600, '', `HTTP ${String(response.status)} from ${path}`));
    const status = (body as { status?: unknown }).status;
    const { message: said } = body as { message?: unknown };
    const message = typeof said === 'string' ? said : '';
    if (status === 0) return body;
    if (status === NO_RESULT) return null;
    if (typeof status === 'number' && PARAMETER_STATUSES.has(status))
      throw this.failed(new MapError(310, '', `status ${String(status)} ${message} from ${path}`));
    throw this.failed(new MapError(600, '', `status ${String(status)} ${message} from ${path}`));
  }

  private failed(error: MapError): MapError {
    this.config.onError?.(error);
    return error;
  }
}
