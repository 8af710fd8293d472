import type { MapGeocode, MapPlace } from '@petheart/contracts';
import { CachedValue } from '../../lib/cached-value';
import { distanceMetres } from '../../lib/geo';
import { BUNDLED_PLACES, shortName, type KnownPlace } from './places';
import type { LatLng, MapsProvider, PlaceList, PlaceSearch, PlaceSuggestion } from './provider';

/** A feeding station (or any place the product knows) the local geocoder can find. */
export interface StationPlace {
  id: number;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

export interface LocalMapsDeps {
  /** The known stations (the bases), read again at most every `cacheMs`. */
  stations: () => Promise<StationPlace[]>;
  cacheMs?: number;
}

/** Lower case without spaces and punctuation, so "Jing'an" finds 静安 and "jingan" alike. */
const norm = (s: string) => s.toLowerCase().replace(/[\s,，.。'’·()（）_-]/gu, '');

/** How well a keyword names a place: 3 exact, 2 prefix, 1 contained (either way), 0 not at all. */
function score(place: KnownPlace, keyword: string): number {
  const k = norm(keyword);
  if (!k) return 0;
  const names = [place.title, shortName(place.title), ...place.aliases].map(norm).filter((n) => n.length >= 2);
  if (names.includes(k)) return 3;
  if (names.some((n) => n.startsWith(k))) return 2;
  const texts = [...names, norm(place.address)];
  if (texts.some((t) => t.includes(k)) || names.some((n) => k.includes(n))) return 1;
  return 0;
}

const inRegion = (place: KnownPlace, region: string | undefined) => {
  if (!region || region === '全国') return true;
  const r = norm(shortName(region));
  return [place.province, place.city, shortName(place.province), shortName(place.city), ...place.aliases]
    .map(norm)
    .some((n) => n === r || (n.length >= 2 && r.startsWith(n)));
};

function toPlace(p: KnownPlace, from: LatLng | undefined): MapPlace {
  return {
    id: p.id,
    title: p.title,
    latitude: p.latitude,
    longitude: p.longitude,
    address: p.address,
    category: p.category,
    tel: '',
    adcode: p.adcode,
    city: p.city,
    district: p.district,
    province: p.province,
    distance: from ? Math.round(distanceMetres(from, p)) : null,
  };
}

function toGeocode(p: KnownPlace): MapGeocode {
  return {
    title: p.title,
    address: p.address,
    latitude: p.latitude,
    longitude: p.longitude,
    adcode: p.adcode,
    province: p.province,
    city: p.city,
    district: p.district,
    street: '',
    street_number: '',
  };
}

const page = <T>(rows: T[], size: number, index: number) => rows.slice((index - 1) * size, index * size);
const LEVEL_RANK: Record<KnownPlace['level'], number> = { place: 3, district: 2, city: 1 };

/**
 * The maps service without a key (decision 016): search, suggestion and geocoding over the bundled city
 * districts and the known feeding stations. Stations take the administrative area of the nearest district
 * (within 20 km). Same answers' shapes as Tencent's; it never fails for lack of a network.
 */
export class LocalMapsProvider implements MapsProvider {
  readonly source = 'local' as const;
  /** The bundled places and the stations, read again at most every `cacheMs` (one read for all who ask). */
  private readonly known: CachedValue<KnownPlace[]>;

  constructor(private readonly deps: LocalMapsDeps) {
    this.known = new CachedValue(() => this.load(), deps.cacheMs ?? 60_000);
  }

  private places(): Promise<KnownPlace[]> {
    return this.known.get();
  }

  private async load(): Promise<KnownPlace[]> {
    const districts = BUNDLED_PLACES.filter((p) => p.level === 'district');
    const stations = (await this.deps.stations()).map((s): KnownPlace => {
      // The district its address names (with its city when named too), else the nearest within 20 km.
      const address = norm(s.address);
      const named = districts
        .filter((d) => [d.title, ...d.aliases].map(norm).some((n) => n.length >= 2 && address.includes(n)))
        .sort(
          (a, b) =>
            Number(address.includes(norm(shortName(b.city)))) - Number(address.includes(norm(shortName(a.city)))),
        )[0];
      const area =
        named ??
        districts
          .map((d) => ({ d, m: distanceMetres(d, s) }))
          .filter((x) => x.m <= 20_000)
          .sort((a, b) => a.m - b.m)[0]?.d;
      return {
        id: `station:${String(s.id)}`,
        title: s.name,
        aliases: [],
        // Without its own (a location not published: decision 037), the district's.
        address: s.address || (area?.address ?? ''),
        category: '动物救助',
        adcode: area?.adcode ?? '',
        province: area?.province ?? '',
        city: area?.city ?? '',
        district: area?.district ?? '',
        latitude: s.latitude,
        longitude: s.longitude,
        level: 'place',
      };
    });
    return [...BUNDLED_PLACES, ...stations];
  }

  async search(q: PlaceSearch): Promise<PlaceList> {
    const found = (await this.places())
      .map((p) => ({ p, s: score(p, q.keyword) }))
      .filter((x) => x.s > 0 && inRegion(x.p, q.region));
    // Nearest first around a location (auto-extended past the radius, like Tencent's nearby(…,1)).
    const from = q.location;
    const sorted = from
      ? found.sort((a, b) => distanceMetres(from, a.p) - distanceMetres(from, b.p))
      : found.sort((a, b) => b.s - a.s);
    return {
      list: page(sorted, q.pageSize, q.pageIndex).map((x) => toPlace(x.p, from)),
      count: sorted.length,
    };
  }

  async suggestion(q: PlaceSuggestion): Promise<PlaceList> {
    const from = q.location;
    const sorted = (await this.places())
      .map((p) => ({ p, s: score(p, q.keyword), m: from ? distanceMetres(from, p) : 0 }))
      .filter((x) => x.s > 0 && inRegion(x.p, q.region))
      .sort((a, b) => b.s - a.s || a.m - b.m);
    return { list: page(sorted, q.pageSize, q.pageIndex).map((x) => toPlace(x.p, from)), count: sorted.length };
  }

  /** The most specific known place the address names (a station, then a district, then a city). */
  async geocode(address: string, region: string | undefined): Promise<MapGeocode | null> {
    const a = norm(address);
    const best = (await this.places())
      .filter((p) => inRegion(p, region))
      .map((p) => {
        const names = [p.title, shortName(p.title), ...p.aliases].map(norm).filter((n) => n.length >= 2);
        const hit = names.filter((n) => a.includes(n)).sort((x, y) => y.length - x.length)[0];
        // A district whose city the address names too is the better guess (two 朝阳区 exist in China).
        const cityToo = p.level === 'district' && a.includes(norm(shortName(p.city))) ? 1 : 0;
        return { p, rank: hit ? LEVEL_RANK[p.level] * 10 + cityToo : 0, length: hit?.length ?? 0 };
      })
      .filter((x) => x.rank > 0)
      .sort((x, y) => y.rank - x.rank || y.length - x.length)[0];
    return best ? toGeocode(best.p) : null;
  }

  /** The nearest known place within 30 km (stations and districts), else the nearest city within 100 km. */
  async reverseGeocode(location: LatLng): Promise<MapGeocode | null> {
    const nearest = (await this.places())
      .map((p) => ({ p, m: distanceMetres(location, p) }))
      .filter((x) => x.m <= (x.p.level === 'city' ? 100_000 : 30_000))
      .sort((x, y) => (x.p.level === 'city' ? 1 : 0) - (y.p.level === 'city' ? 1 : 0) || x.m - y.m)[0];
    return nearest ? { ...toGeocode(nearest.p), latitude: location.latitude, longitude: location.longitude } : null;
  }
}
