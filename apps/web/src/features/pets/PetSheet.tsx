import { useState } from 'react';
import { ImageViewer, Popup } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Pet } from '@petheart/contracts';
import { DEFAULT_COVER, imageUrl } from '../../shared/format';
import { useLanguage, useMessage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState } from '../../shared/ui';
import { basePath, livePath, petKey, type PetsApi } from './api';
import styles from './pets.module.css';

/** The photos in a row that swipes (scroll snap); a tap opens them full screen. */
function Photos({ pet, assetHost }: { pet: Pet; assetHost: string }) {
  const { t } = useTranslation('pets');
  const [index, setIndex] = useState(0);
  const [viewer, setViewer] = useState<{ index: number; n: number; visible: boolean }>({
    index: 0,
    n: 0,
    visible: false,
  });
  const urls = pet.photos.map((p) => imageUrl(p, assetHost));
  if (urls.length === 0) {
    return (
      <div className={styles.sheetPhotos}>
        <img className={styles.sheetPhoto} src={DEFAULT_COVER} alt="" />
      </div>
    );
  }
  return (
    <>
      <div className={styles.sheetPhotos} role="group" aria-label={t('photos', { name: pet.name })}>
        <div
          className={styles.track}
          onScroll={(e) => {
            const el = e.currentTarget;
            setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
          }}
        >
          {urls.map((src, i) => (
            <button
              key={`${src}#${String(i)}`}
              type="button"
              className={styles.photoButton}
              onClick={() => {
                setViewer((v) => ({ index: i, n: v.n + 1, visible: true }));
              }}
            >
              <img
                className={styles.sheetPhoto}
                src={src}
                alt={t('photoN', { name: pet.name, n: i + 1, total: urls.length })}
                loading={i === 0 ? 'eager' : 'lazy'}
              />
            </button>
          ))}
        </div>
        {urls.length > 1 && (
          <span className={styles.counter} aria-hidden="true">
            {index + 1}/{urls.length}
          </span>
        )}
      </div>
      <ImageViewer.Multi
        key={viewer.n}
        images={urls}
        visible={viewer.visible}
        defaultIndex={viewer.index}
        onClose={() => {
          setViewer((v) => ({ ...v, visible: false }));
        }}
      />
    </>
  );
}

/** An animal's profile: photos, name, species, base, story, and the way to its base's live room. */
export function PetProfile({ pet }: { pet: Pet }) {
  const { t } = useTranslation('pets');
  const message = useMessage();
  const { navigateTo } = useNavigator();
  const { config } = useSession();
  return (
    <div className={styles.profile} data-testid="pet-profile">
      <Photos pet={pet} assetHost={config?.asset_host ?? ''} />
      <div className={styles.profileBody}>
        <h2 className={styles.profileName}>
          {pet.name}
          <span className={styles.species}>{t(`species.${pet.species}`)}</span>
        </h2>
        <button
          type="button"
          className={styles.baseLink}
          onClick={() => {
            navigateTo(basePath(pet.base.id));
          }}
        >
          {t('visitBase', { base: pet.base.name })} ›
        </button>
        <h3 className={styles.storyTitle}>{t('story')}</h3>
        {pet.story.trim() ? (
          <p className={styles.story}>{pet.story}</p>
        ) : (
          <p className={styles.storyEmpty}>{message('empty.noIntroduction')}</p>
        )}
      </div>
      <div className={styles.sheetFooter}>
        {pet.live_device_id ? (
          <button
            type="button"
            className={styles.liveButton}
            onClick={() => {
              navigateTo(livePath(pet.live_device_id ?? ''));
            }}
          >
            <span className={styles.liveDot} aria-hidden="true" />
            {t('openLive')}
          </button>
        ) : (
          <p className={styles.noLive}>{t('noLive')}</p>
        )}
      </div>
    </div>
  );
}

/** Loads an animal that is not in the loaded list (a shared link with ?id=). */
function RemotePet({ id, api }: { id: number; api: PetsApi }) {
  const { t } = useTranslation('pets');
  const { locale } = useLanguage();
  const query = useQuery({ queryKey: petKey(id, locale), queryFn: () => api.detail(id) });
  if (query.isPending) {
    return (
      <div className="ph-page-fallback" role="status">
        <span className="ph-spinner ph-spinner-large" aria-hidden="true" />
        <span className="ph-visually-hidden">{t('common:loading')}</span>
      </div>
    );
  }
  if (!query.data) return <EmptyState text={t('notFound')} />;
  return <PetProfile pet={query.data} />;
}

/** The bottom sheet with one animal's profile (from the list, or loaded by id). */
export function PetSheet({
  id,
  pet,
  api,
  onClose,
}: {
  id: number | null;
  pet: Pet | undefined;
  api: PetsApi;
  onClose: () => void;
}) {
  const { t } = useTranslation('pets');
  return (
    <Popup
      visible={id !== null}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName={styles.sheet}
      destroyOnClose
    >
      <div role="dialog" aria-modal="true" aria-label={pet?.name ?? t('title')}>
        <button type="button" className={styles.sheetClose} aria-label={t('close')} onClick={onClose}>
          ×
        </button>
        {id !== null && (pet ? <PetProfile pet={pet} /> : <RemotePet id={id} api={api} />)}
      </div>
    </Popup>
  );
}
