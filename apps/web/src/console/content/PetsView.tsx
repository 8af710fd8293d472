import { useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { localize, type AdminPet } from '@petheart/contracts';
import { DEFAULT_COVER, imageUrl } from '../../shared/format';
import { useLanguage, useMessage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { PublishedTag } from '../shared/content-ui';
import { DataTable, Drawer, ListPanel, SearchBar, useSearchPaging, LoadFailed } from '../shared/DataTable';
import { useContentApi } from './api';
import { contentKeys } from './keys';
import { PetForm } from './PetForm';
import { formatTimestamp, pageCount } from '../sections';
import styles from '../shared/admin.module.css';

const LIMIT = 10;
/** The bases offered by the filter and the form (the API's largest page). */
const BASE_OPTIONS_LIMIT = 100;
type Editing = { pet: AdminPet | null } | null;

/** Pet profiles: a base filter, search, a paged table, create and edit in a drawer, delete after confirming. */
export function PetsView() {
  const { t } = useTranslation('admin');
  const message = useMessage();
  const api = useContentApi();
  const { locale } = useLanguage();
  const { config } = useSession();
  const queryClient = useQueryClient();
  const { keyword, page, setPage, search } = useSearchPaging();
  const [baseId, setBaseId] = useState('');
  const [editing, setEditing] = useState<Editing>(null);

  const bases = useQuery({
    queryKey: contentKeys.baseOptions(),
    queryFn: () => api.bases({ page: 1, limit: BASE_OPTIONS_LIMIT }),
  });
  const list = useQuery({
    queryKey: contentKeys.petList(baseId, keyword, page),
    queryFn: () =>
      api.pets({ page, limit: LIMIT, ...(baseId ? { base_id: Number(baseId) } : {}), ...(keyword ? { keyword } : {}) }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: contentKeys.pets });
  const remove = useMutation({
    mutationFn: (id: number) => api.removePet(id),
    onSuccess: () => {
      Toast.show({ content: t('pets.deleted'), icon: 'success' });
    },
    onSettled: refresh,
  });
  const confirmDelete = async (pet: AdminPet) => {
    const ok = await Dialog.confirm({
      'aria-label': message('post.deleteConfirm'),
      content: message('post.deleteConfirm'),
      cancelText: t('shared.cancel'),
      confirmText: t('shared.confirm'),
    });
    if (ok) remove.mutate(pet.id);
  };
  const close = () => {
    setEditing(null);
  };

  const data = list.data;
  const baseRows = bases.data?.list ?? [];
  const assetHost = config?.asset_host ?? '';
  return (
    <>
      <ListPanel title={t('pets.title')} page={page} pages={pageCount(data?.total ?? 0, LIMIT)} onPage={setPage}>
        <SearchBar
          id="admin-pet-search"
          label={t('pets.search')}
          button={t('pets.searchButton')}
          onSearch={search}
          total={data ? t('pets.total', { count: data.total }) : null}
          addLabel={t('pets.add')}
          onAdd={() => {
            setEditing({ pet: null });
          }}
          before={
            <>
              <label className={styles.srOnly} htmlFor="admin-pet-base">
                {t('pets.base')}
              </label>
              <select
                id="admin-pet-base"
                className={styles.select}
                value={baseId}
                onChange={(e) => {
                  setBaseId(e.currentTarget.value);
                  setPage(1);
                }}
              >
                <option value="">{t('pets.allBases')}</option>
                {baseRows.map((b) => (
                  <option key={b.id} value={String(b.id)}>
                    {b.name}
                  </option>
                ))}
              </select>
            </>
          }
        />
        <DataTable
          columns={[
            t('pets.id'),
            t('pets.name'),
            t('pets.species'),
            t('pets.base'),
            t('pets.photos'),
            t('pets.published'),
            t('pets.sort'),
            t('pets.updated'),
            t('pets.actions'),
          ]}
          items={data?.list}
          empty={t('pets.empty')}
          row={(p) => {
            const name = localize(p.name, locale);
            return (
              <tr key={p.id} data-testid={`pet-row-${String(p.id)}`}>
                <td>{p.id}</td>
                <td>
                  <span className={styles.userCell}>
                    <img className={styles.thumb} src={imageUrl(p.photos[0], assetHost, DEFAULT_COVER)} alt="" />
                    <span className={styles.ellipsis} title={name}>
                      {name}
                    </span>
                  </span>
                </td>
                <td>{t(`pets.speciesList.${p.species}`)}</td>
                <td>
                  <span className={styles.ellipsis} title={p.base_name}>
                    {p.base_name}
                  </span>
                </td>
                <td className={styles.numeric}>{p.photos.length}</td>
                <td>
                  <PublishedTag published={p.published} on={t('pets.published')} off={t('pets.hidden')} />
                </td>
                <td className={styles.numeric}>{p.sort_order}</td>
                <td>{formatTimestamp(p.updated_at, locale)}</td>
                <td>
                  <span className={styles.actions}>
                    <Button
                      size="mini"
                      onClick={() => {
                        setEditing({ pet: p });
                      }}
                    >
                      {t('shared.edit')}
                    </Button>
                    <Button size="mini" color="danger" fill="outline" onClick={() => void confirmDelete(p)}>
                      {t('pets.delete')}
                    </Button>
                  </span>
                </td>
              </tr>
            );
          }}
        >
          {!data && list.isError ? <LoadFailed onRetry={() => void list.refetch()} /> : null}
        </DataTable>
      </ListPanel>
      <Drawer open={editing !== null} onClose={close}>
        {editing ? (
          <PetForm
            key={editing.pet?.id ?? 'new'}
            pet={editing.pet}
            bases={baseRows}
            onCancel={close}
            onSaved={() => {
              setEditing(null);
              void refresh();
            }}
          />
        ) : null}
      </Drawer>
    </>
  );
}
