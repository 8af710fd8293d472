import { Link } from 'react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AdminBase } from '@petheart/contracts';
import { DEFAULT_COVER, imageUrl } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { basesLists } from './api';
import { BaseForm } from './BaseForm';
import { basesKeys } from './keys';
import { ADMIN_BASE, formatTimestamp } from '../sections';
import { useConsoleList } from '../shared/console-list';
import { SearchBar, useSearchPaging } from '../shared/DataTable';
import { ListScreen, useDetailDrawer } from '../shared/ListScreen';
import { Ellipsis } from '../shared/cells';
import styles from '../shared/admin.module.css';

/** Bases: search, a paged table, create and edit in a side drawer. */
export function BasesView() {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const { config } = useSession();
  const paging = useSearchPaging();
  // The drawer: a new base, or an existing one.
  const drawer = useDetailDrawer<{ base: AdminBase | null }>(basesKeys.all);
  const list = useConsoleList({
    key: basesKeys.list(paging.keyword, paging.page),
    endpoint: basesLists.bases,
    paging,
    data: { keyword: paging.keyword },
  });
  const data = list.data;
  return (
    <ListScreen
      title={t('bases.title')}
      list={list}
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
              <Ellipsis text={b.name} />
            </span>
          </td>
          <td>
            <Ellipsis text={b.address} />
          </td>
          <td className={styles.numeric}>
            {b.latitude.toFixed(4)}, {b.longitude.toFixed(4)}
          </td>
          <td className={styles.numeric}>{b.animal_count}</td>
          <td className={styles.numeric}>
            <Link to={`${ADMIN_BASE}/devices?base=${String(b.id)}`} title={t('bases.viewDevices', { name: b.name })}>
              {b.device_count}
            </Link>
          </td>
          <td>{b.operator_id ?? t('bases.none')}</td>
          <td>{formatTimestamp(b.created_at, locale, false)}</td>
          <td>
            <Button
              size="mini"
              onClick={() => {
                drawer.open({ base: b });
              }}
            >
              {t('shared.edit')}
            </Button>
          </td>
        </tr>
      )}
      drawer={drawer}
      detail={({ base }) => (
        <BaseForm key={base?.id ?? 'new'} base={base} onCancel={drawer.close} onSaved={drawer.done} />
      )}
    >
      <SearchBar
        id="admin-base-search"
        label={t('bases.search')}
        button={t('bases.searchButton')}
        onSearch={paging.search}
        total={data ? t('bases.total', { count: data.total }) : null}
        addLabel={t('bases.add')}
        onAdd={() => {
          drawer.open({ base: null });
        }}
      />
    </ListScreen>
  );
}
