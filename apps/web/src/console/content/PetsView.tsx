import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { localize, type AdminPet } from '@petheart/contracts';
import { DEFAULT_COVER, imageUrl } from '../../shared/format';
import { useLanguage, useMessage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { PublishedTag } from '../shared/content-ui';
import { useConfirmedMutation } from '../shared/confirm';
import { useConsoleList } from '../shared/console-list';
import { SearchBar, useSearchPaging } from '../shared/DataTable';
import { ToolbarSelect } from '../shared/filters';
import { ListScreen, useDetailDrawer } from '../shared/ListScreen';
import { contentLists, useContentApi } from './api';
import { contentKeys } from './keys';
import { PetForm } from './PetForm';
import { formatTimestamp } from '../sections';
import { Ellipsis } from '../shared/cells';
import styles from '../shared/admin.module.css';

/** The bases offered by the filter and the form (the API's largest page). */
const BASE_OPTIONS_LIMIT = 100;

/** Pet profiles: a base filter, search, a paged table, create and edit in a drawer, delete after confirming. */
export function PetsView() {
  const { t } = useTranslation('admin');
  const message = useMessage();
  const api = useContentApi();
  const { locale } = useLanguage();
  const { config } = useSession();
  const paging = useSearchPaging();
  const [baseId, setBaseId] = useState('');
  const drawer = useDetailDrawer<{ pet: AdminPet | null }>(contentKeys.pets);

  const bases = useQuery({
    queryKey: contentKeys.baseOptions(),
    queryFn: () => api.bases({ page: 1, limit: BASE_OPTIONS_LIMIT }),
  });
  const list = useConsoleList({
    key: contentKeys.petList(baseId, paging.keyword, paging.page),
    endpoint: contentLists.pets,
    paging,
    data: { base_id: baseId ? Number(baseId) : undefined, keyword: paging.keyword },
  });
  const remove = useConfirmedMutation({
    question: message('post.deleteConfirm'),
    run: (pet: AdminPet) => api.removePet(pet.id),
    done: t('pets.deleted'),
    refresh: contentKeys.pets,
  });

  const data = list.data;
  const baseRows = bases.data?.list ?? [];
  const assetHost = config?.asset_host ?? '';
  return (
    <ListScreen
      title={t('pets.title')}
      list={list}
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
      empty={t('pets.empty')}
      row={(p) => {
        const name = localize(p.name, locale);
        return (
          <tr key={p.id} data-testid={`pet-row-${String(p.id)}`}>
            <td>{p.id}</td>
            <td>
              <span className={styles.userCell}>
                <img className={styles.thumb} src={imageUrl(p.photos[0], assetHost, DEFAULT_COVER)} alt="" />
                <Ellipsis text={name} />
              </span>
            </td>
            <td>{t(`pets.speciesList.${p.species}`)}</td>
            <td>
              <Ellipsis text={p.base_name} />
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
                    drawer.open({ pet: p });
                  }}
                >
                  {t('shared.edit')}
                </Button>
                <Button size="mini" color="danger" fill="outline" onClick={() => void remove.confirm(p)}>
                  {t('pets.delete')}
                </Button>
              </span>
            </td>
          </tr>
        );
      }}
      drawer={drawer}
      detail={({ pet }) => (
        <PetForm key={pet?.id ?? 'new'} pet={pet} bases={baseRows} onCancel={drawer.close} onSaved={drawer.done} />
      )}
    >
      <SearchBar
        id="admin-pet-search"
        label={t('pets.search')}
        button={t('pets.searchButton')}
        onSearch={paging.search}
        total={data ? t('pets.total', { count: data.total }) : null}
        addLabel={t('pets.add')}
        onAdd={() => {
          drawer.open({ pet: null });
        }}
        before={
          <ToolbarSelect
            id="admin-pet-base"
            label={t('pets.base')}
            anyLabel={t('pets.allBases')}
            value={baseId}
            onChange={(value) => {
              setBaseId(value);
              paging.setPage(1);
            }}
            options={baseRows.map((b) => ({ value: String(b.id), label: b.name }))}
          />
        }
      />
    </ListScreen>
  );
}
