import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, DotLoading, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { MapPlace, MapPlaceListData } from '@petheart/contracts';
import { formatDistance } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { useSession } from '../../../shared/session';
import type { MapsApi } from '../api';
import { useMessageWith } from '../useMessageWith';
import styles from '../apply.module.css';

/** Typing waits this long before asking the maps service for suggestions. */
export const MAP_DEBOUNCE_MS = 300;
/** The explicit search looks this far around the user (the maps service's largest radius). */
const SEARCH_RADIUS_M = 50_000;

/** A place picked for the shelter: its name, its address and where it is. */
export interface PickedPlace {
  title: string;
  address: string;
  latitude: number;
  longitude: number;
}

const fromPlace = (p: MapPlace): PickedPlace => ({
  title: p.title,
  address: p.address || p.title,
  latitude: p.latitude,
  longitude: p.longitude,
});

/**
 * Finds the shelter's place through the maps service (our API's /maps/*): suggestions while typing (debounced),
 * a search around the user on Search, or the user's own location reverse-geocoded. The maps service's errors
 * (310 "请求参数信息有误" + the field, 600 "系统错误", 1000) are shown where the user types.
 */
export function AddressPicker({
  maps,
  onPick,
  inputId,
}: {
  maps: MapsApi;
  onPick: (place: PickedPlace) => void;
  /** The search input's id (its label is the form's). */
  inputId: string;
}) {
  const { t } = useTranslation('events');
  const messageWith = useMessageWith();
  const { locale } = useLanguage();
  const { location, refreshLocation } = useSession();
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState(false);
  const [places, setPlaces] = useState<MapPlace[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);
  const { latitude, longitude } = location;

  /** Runs one maps call; only the latest call's answer is shown. */
  const run = useCallback(async (call: () => Promise<MapPlaceListData>) => {
    const mine = ++seq.current;
    setBusy(true);
    setError(null);
    try {
      const data = await call();
      if (seq.current === mine) setPlaces(data.list);
    } catch (e) {
      if (seq.current === mine) {
        setPlaces(null);
        setError(e instanceof Error ? e.message : String(e));
      }
    } finally {
      if (seq.current === mine) setBusy(false);
    }
  }, []);

  const clear = useCallback(() => {
    seq.current += 1;
    setPlaces(null);
    setError(null);
    setBusy(false);
  }, []);

  useEffect(() => {
    const k = keyword.trim();
    if (!typed || !k) return;
    const timer = setTimeout(() => {
      void run(() => maps.suggestion({ keyword: k, location: { latitude, longitude } }));
    }, MAP_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [keyword, typed, run, maps, latitude, longitude]);

  const search = () => {
    const k = keyword.trim();
    if (!k) {
      clear();
      // The maps service's own parameter check, without the round trip.
      setError(messageWith('error.map_invalid_params', { field: 'keyword' }));
      return;
    }
    setTyped(false);
    void run(() =>
      maps.search({
        keyword: k,
        location: { latitude, longitude },
        region: location.city || undefined,
        radius: SEARCH_RADIUS_M,
      }),
    );
  };

  const pick = (place: PickedPlace) => {
    onPick(place);
    setTyped(false);
    setKeyword('');
    clear();
  };

  const locateMe = async () => {
    const mine = ++seq.current;
    setBusy(true);
    setError(null);
    try {
      const at = await refreshLocation();
      const data = await maps.geocoder({ location: { latitude: at.latitude, longitude: at.longitude } });
      if (seq.current !== mine) return;
      if (data.result) {
        const r = data.result;
        pick({ title: r.title || r.address, address: r.address, latitude: r.latitude, longitude: r.longitude });
      } else {
        setPlaces([]);
      }
    } catch (e) {
      if (seq.current === mine) setError(e instanceof Error ? e.message : String(e));
    } finally {
      if (seq.current === mine) setBusy(false);
    }
  };

  return (
    <div className={styles.picker}>
      <div className={styles.searchRow}>
        <Input
          id={inputId}
          className={styles.searchInput}
          type="search"
          enterKeyHint="search"
          placeholder={t('applyPage.addressSearch')}
          value={keyword}
          maxLength={96}
          onChange={(v) => {
            setKeyword(v);
            setTyped(true);
            if (!v.trim()) clear();
          }}
          onEnterPress={(e) => {
            e.preventDefault();
            search();
          }}
          clearable
          onClear={() => {
            setKeyword('');
            clear();
          }}
          autoComplete="off"
        />
        <Button size="small" color="primary" fill="outline" shape="rounded" onClick={search}>
          {t('applyPage.search')}
        </Button>
      </div>
      <button type="button" className={styles.locate} onClick={() => void locateMe()}>
        {t('applyPage.useLocation')}
      </button>
      {busy ? (
        <p className={styles.pickerNote}>
          <DotLoading /> {t('applyPage.searching')}
        </p>
      ) : error ? (
        <p className={styles.pickerError} role="alert" data-testid="map-error">
          {error}
        </p>
      ) : places && places.length === 0 ? (
        <p className={styles.pickerNote}>{t('applyPage.noPlaces')}</p>
      ) : places ? (
        <ul className={styles.places} aria-label={t('applyPage.addressSearch')}>
          {places.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={styles.place}
                onClick={() => {
                  pick(fromPlace(p));
                }}
              >
                <span className={styles.placeTitle}>{p.title}</span>
                <span className={styles.placeAddress}>{p.address}</span>
                {p.distance !== null ? (
                  <span className={styles.placeDistance}>{formatDistance(p.distance, locale)}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
