import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd-mobile';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminBase } from '@petheart/contracts';
import { DEFAULT_COVER, imageUrl } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { useBasesApi } from './api';
import { BaseForm } from './BaseForm';
import { basesKeys } from './keys';
import { ADMIN_BASE, formatTimestamp, pageCount } from '../sections';
import { DataTable, Drawer, ListPanel, SearchBar, useSearchPaging } from '../shared/DataTable';
import styles from '../shared/admin.module.css';

const LIMIT = 10;

/** Editing state of the drawer: closed, a new base, or an existing one. */
type Editing = { base: AdminBase | null } | null;

/** Bases: search, a paged table, create and edit in a side drawer. */
export function BasesView() {
  const { t } = useTranslation('admin');
  const api = useBasesApi();
  const { locale } = useLanguage();
  const { config } = useSession();
  const queryClient = useQueryClient();
  const { keyword, page, setPage, search } = useSearchPaging();
  const [editing, setEditing] = useState<Editing>(null);

  const list = useQuery({
    queryKey: basesKeys.list(keyword, page),
    queryFn: () => api.list({ page, limit: LIMIT, ...(keyword ? { keyword } : {}) }),
    placeholderData: keepPreviousData,
  });
  const close = () => {
    setEditing(null);
  };

  const data = list.data;
  const pages = pageCount(data?.total ?? 0, LIMIT);
  return (
    <>
      <ListPanel title={t('bases.title')} page={page} pages={pages} onPage={setPage}>
        <SearchBar
          id="admin-base-search"
          label={t('bases.search')}
          button={t('bases.searchButton')}
          onSearch={search}
          total={data ? t('bases.total', { count: data.total }) : null}
          addLabel={t('bases.add')}
          onAdd={() => {
            setEditing({ base: null });
          }}
        />
        <DataTable
          columns={[
            t('bases.id'),
            t('bases.name'),
            t('bases.address'),
            t('bases.location'),
            t('bases.animals'),
            t('bases.devices'),
            t('bases.operator'),
            t('bases.created'),
            t('bases.actions'),
          ]}
          items={data?.list}
          empty={t('bases.empty')}
          row={(b) => (
            <tr key={b.id} data-testid={`base-row-${String(b.id)}`}>
              <td>{b.id}</td>
              <td>
                <span className={styles.userCell}>
                  <img
                    className={styles.thumb}
                    src={imageUrl(b.photos[0], config?.asset_host ?? '', DEFAULT_COVER)}
                    alt=""
                  />
                  <span className={styles.ellipsis} title={b.name}>
                    {b.name}
                  </span>
                </span>
              </td>
              <td>
                <span className={styles.ellipsis} title={b.address}>
                  {b.address}
                </span>
              </td>
              <td className={styles.numeric}>
                {b.latitude.toFixed(4)}, {b.longitude.toFixed(4)}
              </td>
              <td className={styles.numeric}>{b.animal_count}</td>
              <td className={styles.numeric}>
                <Link
                  to={`${ADMIN_BASE}/devices?base=${String(b.id)}`}
                  title={t('bases.viewDevices', { name: b.name })}
                >
                  {b.device_count}
                </Link>
              </td>
              <td>{b.operator_id ?? t('bases.none')}</td>
              <td>{formatTimestamp(b.created_at, locale, false)}</td>
              <td>
                <Button
                  size="mini"
                  onClick={() => {
                    setEditing({ base: b });
                  }}
                >
                  {t('shared.edit')}
                </Button>
              </td>
            </tr>
          )}
        />
      </ListPanel>
      <Drawer open={editing !== null} onClose={close}>
        {editing ? (
          <BaseForm
            key={editing.base?.id ?? 'new'}
            base={editing.base}
            onCancel={close}
            onSaved={() => {
              setEditing(null);
              void queryClient.invalidateQueries({ queryKey: basesKeys.all });
            }}
          />
        ) : null}
      </Drawer>
    </>
  );
}
