import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { baseEndpoints, type Base, type LiveRoom } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { DEFAULT_COVER, formatCount, formatWeight, imageUrl } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState, LangTag, PageHeader, textLang } from '../../shared/ui';
import { RoomStill, useOfflineSince } from '../../shared/ui/RoomStill';
import styles from './yard.module.css';

const livePath = (deviceId: string) => `/pages/live/live?device_id=${encodeURIComponent(deviceId)}`;
/** The base's public account (issue 28 §3). */
const accountPath = (baseId: number) => `/pages/public/account?base_id=${String(baseId)}`;

/** The id in the query: a positive integer, else null. */
export function baseIdOf(raw: string | null): number | null {
  if (!raw || !/^\d{1,12}$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The base's photos: one image, or a swipeable row (CSS scroll snap) with a position counter. */
function Photos({ base, assetHost }: { base: Base; assetHost: string }) {
  const { t } = useTranslation('yard');
  const [index, setIndex] = useState(0);
  const photos = base.photos.map((p) => imageUrl(p, assetHost));
  if (photos.length <= 1) {
    return (
      <div className={styles.photos}>
        <img className={styles.photo} src={photos[0] ?? DEFAULT_COVER} alt={t('photoOf', { name: base.name })} />
      </div>
    );
  }
  return (
    <div className={styles.photos} role="group" aria-roledescription="carousel" aria-label={t('photos')}>
      <div
        className={styles.track}
        onScroll={(e) => {
          const el = e.currentTarget;
          setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
        }}
      >
        {photos.map((src, i) => (
          <img
            key={src + String(i)}
            className={styles.photo}
            src={src}
            alt={t('photoN', { name: base.name, n: i + 1, total: photos.length })}
            loading={i === 0 ? 'eager' : 'lazy'}
          />
        ))}
      </div>
      <span className={styles.counter} aria-hidden="true">
        {index + 1}/{photos.length}
      </span>
    </div>
  );
}

/** A room of the base: its still (greyed, and since when, while the camera is offline), figures and states. */
function RoomCard({ room, assetHost }: { room: LiveRoom; assetHost: string }) {
  const { t } = useTranslation('yard');
  const { locale } = useLanguage();
  const { navigateTo } = useNavigator();
  const since = useOfflineSince(room);
  return (
    <button
      type="button"
      className={styles.room}
      onClick={() => {
        navigateTo(livePath(room.device_id));
      }}
    >
      <span className={styles.roomCover}>
        <RoomStill room={room} assetHost={assetHost} eager />
        <span className={room.camera_online ? `${styles.badge} ${styles.badgeLive}` : styles.badge}>
          {room.camera_online ? t('live') : t('offline')}
        </span>
      </span>
      <span className={styles.roomBody}>
        <span className={styles.roomName}>{room.name}</span>
        <span className={styles.roomMeta}>
          {t('viewers', { count: room.viewers, formatted: formatCount(room.viewers, locale) })}
          {' · '}
          {t('followers', { count: room.followers, formatted: formatCount(room.followers, locale) })}
        </span>
        <span className={styles.roomState}>
          <span className={room.feeder_online ? styles.on : styles.off}>
            {room.feeder_online ? t('feederOnline') : t('feederOffline')}
          </span>
          <span className={room.camera_online ? styles.on : styles.off}>
            {room.camera_online ? t('cameraOnline') : t('cameraOffline')}
          </span>
        </span>
        {since && <span className={styles.roomMeta}>{since}</span>}
      </span>
    </button>
  );
}

function BaseDetailView({ id }: { id: number }) {
  const { t } = useTranslation('yard');
  const { locale } = useLanguage();
  const api = useApi();
  const { config } = useSession();
  const { navigateTo } = useNavigator();
  const assetHost = config?.asset_host ?? '';
  const query = useQuery({
    queryKey: ['base', 'detail', id],
    queryFn: () => api.call(baseEndpoints.detail, { id }),
  });
  const data = query.data;
  if (!data) {
    return (
      <>
        <PageHeader title={t('title')} />
        {query.isError ? (
          <EmptyState
            text={t('common:loadFailed')}
            action={
              <button type="button" className="ph-link-button" onClick={() => void query.refetch()}>
                {t('common:retry')}
              </button>
            }
          />
        ) : (
          <div className="ph-page-fallback" role="status">
            <span className="ph-spinner ph-spinner-large" aria-hidden="true" />
            <span className="ph-visually-hidden">{t('common:loading')}</span>
          </div>
        )}
      </>
    );
  }
  const { base, stats, rooms } = data;
  const figures = [
    { key: 'feeders', value: formatCount(stats.feeders, locale) },
    { key: 'fedGrams', value: formatWeight(stats.fed_grams, locale) },
    { key: 'daysLive', value: formatCount(stats.days_live, locale) },
    { key: 'liveRooms', value: formatCount(stats.live_rooms, locale) },
  ] as const;
  return (
    <>
      <PageHeader title={base.name} />
      <Photos base={base} assetHost={assetHost} />
      <section className={styles.card}>
        <h2 className={styles.name}>
          <span {...textLang(base.text_lang)}>{base.name}</span>
          <LangTag lang={base.text_lang} />
        </h2>
        {base.address && <p className={styles.address}>{base.address}</p>}
        {base.animal_count > 0 && <p className={styles.animals}>{t('animals', { count: base.animal_count })}</p>}
        <dl className={styles.stats} data-testid="base-stats">
          {figures.map((f) => (
            <div key={f.key} className={styles.stat}>
              <dd className={styles.statValue}>{f.value}</dd>
              <dt className={styles.statLabel}>{t(`stats.${f.key}`)}</dt>
            </div>
          ))}
        </dl>
        <button
          type="button"
          className={`ph-link-button ${styles.account}`}
          onClick={() => {
            navigateTo(accountPath(base.id));
          }}
        >
          {t('account')}
        </button>
      </section>
      <section className={styles.card} aria-labelledby="yard-intro">
        <h2 id="yard-intro" className={styles.sectionTitle}>
          {t('introduction')}
          {base.introduction.trim() ? <LangTag lang={base.text_lang} /> : null}
        </h2>
        {base.introduction.trim() ? (
          <p className={styles.intro} {...textLang(base.text_lang)}>
            {base.introduction}
          </p>
        ) : (
          <EmptyState text={t('noIntroduction')} />
        )}
      </section>
      <section className={styles.card} aria-labelledby="yard-rooms">
        <h2 id="yard-rooms" className={styles.sectionTitle}>
          {t('rooms')}
        </h2>
        {rooms.length === 0 ? (
          <EmptyState text={t('noRooms')} />
        ) : (
          <ul className={styles.rooms}>
            {rooms.map((room) => (
              <li key={room.device_id}>
                <RoomCard room={room} assetHost={assetHost} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** /pages/baseDetail/baseDetail?id=…: the Yard — a feeding station, its figures and its live rooms. */
export default function BaseDetailPage() {
  const { t } = useTranslation('yard');
  const [params] = useSearchParams();
  const id = baseIdOf(params.get('id'));
  return (
    <div className={styles.page}>
      {id === null ? (
        <>
          <PageHeader title={t('title')} />
          <EmptyState text={t('missingBase')} />
        </>
      ) : (
        <BaseDetailView key={id} id={id} />
      )}
    </div>
  );
}
