import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Input, Popup } from 'antd-mobile';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminBaseListDataSchema, type AdminBase } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { DEFAULT_COVER, imageUrl } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { BaseForm } from './BaseForm';
import { ADMIN_BASE, formatTimestamp, pageCount } from './sections';
import { Pager } from './ui';
import styles from './admin.module.css';

const LIMIT = 10;

/** Editing state of the drawer: closed, a new base, or an existing one. */
type Editing = { base: AdminBase | null } | null;

/** Bases: search, a paged table, create and edit in a side drawer. */
export function BasesView() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { locale } = useLanguage();
  const { config } = useSession();
  const queryClient = useQueryClient();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);

  const list = useQuery({
    queryKey: ['admin', 'bases', keyword, page],
    queryFn: () =>
      api.request({
        path: '/admin/base/list',
        data: { page, limit: LIMIT, ...(keyword ? { keyword } : {}) },
        schema: AdminBaseListDataSchema,
      }),
    placeholderData: keepPreviousData,
  });

  const data = list.data;
  const pages = pageCount(data?.total ?? 0, LIMIT);
  return (
    <>
      <h1 className={styles.title}>{t('bases.title')}</h1>
      <div className={styles.panel}>
        <form
          className={styles.toolbar}
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setKeyword(input.trim());
            setPage(1);
          }}
        >
          <label className={styles.srOnly} htmlFor="admin-base-search">
            {t('bases.search')}
          </label>
          <Input
            id="admin-base-search"
            className={styles.search}
            placeholder={t('bases.search')}
            value={input}
            onChange={setInput}
            clearable
            onClear={() => {
              setInput('');
              setKeyword('');
              setPage(1);
            }}
          />
          <Button color="primary" size="small" type="submit">
            {t('bases.searchButton')}
          </Button>
          {data ? <span className={styles.total}>{t('bases.total', { count: data.total })}</span> : null}
          <Button
            color="primary"
            fill="outline"
            size="small"
            onClick={() => {
              setEditing({ base: null });
            }}
          >
            {t('bases.add')}
          </Button>
        </form>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t('bases.id')}</th>
                <th>{t('bases.name')}</th>
                <th>{t('bases.address')}</th>
                <th>{t('bases.location')}</th>
                <th>{t('bases.animals')}</th>
                <th>{t('bases.devices')}</th>
                <th>{t('bases.operator')}</th>
                <th>{t('bases.created')}</th>
                <th>{t('bases.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data?.list.map((b) => (
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
              ))}
            </tbody>
          </table>
          {data && data.list.length === 0 ? <div className={styles.empty}>{t('bases.empty')}</div> : null}
        </div>
        <Pager page={page} pages={pages} onPage={setPage} />
      </div>
      <Popup
        visible={editing !== null}
        position="right"
        onMaskClick={() => {
          setEditing(null);
        }}
        bodyClassName={styles.drawer}
        destroyOnClose
      >
        {editing ? (
          <BaseForm
            key={editing.base?.id ?? 'new'}
            base={editing.base}
            onCancel={() => {
              setEditing(null);
            }}
            onSaved={() => {
              setEditing(null);
              void queryClient.invalidateQueries({ queryKey: ['admin', 'bases'] });
            }}
          />
        ) : null}
      </Popup>
    </>
  );
}
