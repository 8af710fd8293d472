import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Pet } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { DEFAULT_COVER, imageUrl } from '../../shared/format';
import { useLanguage, useMessage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { PageHeader, PagedList, PullToRefresh, usePagedList } from '../../shared/ui';
import { EmptyState } from '../../shared/ui';
import { petListKey, petsApi, positiveId } from './api';
import { PetSheet } from './PetSheet';
import styles from './pets.module.css';

function PetCard({ pet, assetHost, onOpen }: { pet: Pet; assetHost: string; onOpen: (id: number) => void }) {
  const { t } = useTranslation('pets');
  return (
    <button
      type="button"
      className={styles.card}
      onClick={() => {
        onOpen(pet.id);
      }}
      data-testid={`pet-card-${String(pet.id)}`}
    >
      <span className={styles.cardPhoto}>
        <img src={imageUrl(pet.photos[0], assetHost, DEFAULT_COVER)} alt="" loading="lazy" />
        {pet.live_device_id && <span className={styles.liveBadge}>{t('live')}</span>}
      </span>
      <span className={styles.cardBody}>
        <span className={styles.cardName}>
          <span className={styles.ellipsis}>{pet.name}</span>
          <span className={styles.species}>{t(`species.${pet.species}`)}</span>
        </span>
        <span className={styles.cardBase}>{pet.base.name}</span>
      </span>
    </button>
  );
}

/**
 * /pages/index/petCorner: the animals of the bases (?base_id= narrows to one base), a card each with photo,
 * name, species and base; a tap opens the profile sheet (?id=, so it can be shared) with the photos, the story
 * and the base's live room. Pull-down refresh; more on reach-bottom.
 */
export default function PetCornerPage() {
  const { t } = useTranslation('pets');
  const message = useMessage();
  const client = useApi();
  const api = useMemo(() => petsApi(client), [client]);
  const { locale } = useLanguage();
  const { config } = useSession();
  const [params, setParams] = useSearchParams();
  const baseId = positiveId(params.get('base_id'));
  const openId = positiveId(params.get('id'));
  const list = usePagedList<Pet>({
    queryKey: [...petListKey(baseId, locale)],
    fetchPage: (page, limit) => api.list(page, limit, baseId),
  });
  const setOpen = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('id');
    else next.set('id', String(id));
    setParams(next, { replace: true });
  };
  const assetHost = config?.asset_host ?? '';
  const empty = list.rows.length === 0 && !list.loading && !list.error;
  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} />
      <PullToRefresh onRefresh={list.refresh}>
        <div className={styles.content}>
          {empty ? (
            <EmptyState text={message('empty.noIntroduction')} />
          ) : (
            <>
              {list.rows.length > 0 && <p className={styles.intro}>{t('intro')}</p>}
              <PagedList
                list={list}
                className={styles.grid}
                keyOf={(p) => p.id}
                renderItem={(p) => <PetCard pet={p} assetHost={assetHost} onOpen={setOpen} />}
              />
            </>
          )}
        </div>
      </PullToRefresh>
      <PetSheet
        id={openId}
        pet={list.rows.find((p) => p.id === openId)}
        api={api}
        onClose={() => {
          setOpen(null);
        }}
      />
    </div>
  );
}
