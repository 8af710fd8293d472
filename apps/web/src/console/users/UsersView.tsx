import { Avatar, Button, Dialog, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@petheart/contracts';
import { DEFAULT_AVATAR, imageUrl } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { Ellipsis } from '../shared/cells';
import { useConfirmedMutation } from '../shared/confirm';
import { useConsoleList } from '../shared/console-list';
import { SearchBar, useSearchPaging } from '../shared/DataTable';
import { DetailList } from '../shared/detail';
import { ListScreen } from '../shared/ListScreen';
import { formatTimestamp } from '../sections';
import styles from '../shared/admin.module.css';
import { useUsersApi, usersLists } from './api';
import { usersKeys } from './keys';

function Detail({ user, locale }: { user: AdminUser; locale: string }) {
  const { t } = useTranslation('admin');
  return (
    <DetailList
      rows={[
        [t('users.id'), String(user.id)],
        [t('users.user'), user.nickname],
        [t('users.email'), user.email ?? '—'],
        [t('users.mobile'), user.mobile ?? '—'],
        [t('users.roles'), user.roles.join(', ')],
        [t('users.status'), user.status === 'normal' ? t('users.normal') : t('users.disabled')],
        [t('users.balance'), String(user.balance)],
        [t('users.loginDays'), String(user.login_days)],
        [t('users.registered'), formatTimestamp(user.created_at, locale) ?? ''],
        [t('users.lastLogin'), formatTimestamp(user.last_login_at, locale) ?? t('users.never')],
      ]}
    />
  );
}

/** Users: search by keyword, a paged table, details, disable / enable with a confirmation. */
export function UsersView() {
  const { t } = useTranslation('admin');
  const users = useUsersApi();
  const { locale } = useLanguage();
  const { config, user: me } = useSession();
  const paging = useSearchPaging();
  const list = useConsoleList({
    key: usersKeys.list(paging.keyword, paging.page),
    endpoint: usersLists.users,
    paging,
    data: { keyword: paging.keyword },
  });
  const setStatus = useConfirmedMutation({
    question: (u: AdminUser) => {
      const name = u.email ?? u.nickname;
      return u.status === 'normal' ? t('users.confirmDisable', { name }) : t('users.confirmEnable', { name });
    },
    run: (u) => (u.status === 'normal' ? users.disable(u.id) : users.enable(u.id)),
    done: t('users.done'),
    refresh: usersKeys.all,
  });

  const showDetail = async (id: number) => {
    const user = await users.detail(id);
    void Dialog.alert({
      title: t('users.detail'),
      'aria-label': t('users.detail'),
      content: <Detail user={user} locale={locale} />,
      confirmText: t('users.close'),
    });
  };

  const data = list.data;
  return (
    <ListScreen
      title={t('users.title')}
      list={list}
      columns={[
        t('users.id'),
        t('users.user'),
        t('users.email'),
        t('users.mobile'),
        t('users.roles'),
        t('users.status'),
        t('users.registered'),
        t('users.lastLogin'),
        t('users.actions'),
      ]}
      empty={t('users.empty')}
      row={(u) => (
        <tr key={u.id} data-testid={`user-row-${String(u.id)}`}>
          <td>{u.id}</td>
          <td>
            <span className={styles.userCell}>
              <Avatar
                src={imageUrl(u.avatar, config?.asset_host ?? '', DEFAULT_AVATAR)}
                alt=""
                style={{ '--size': '28px', '--border-radius': '50%' }}
              />
              <Ellipsis text={u.nickname} />
            </span>
          </td>
          <td>
            <Ellipsis text={u.email ?? '—'} title={u.email} />
          </td>
          <td>{u.mobile ?? '—'}</td>
          <td>{u.roles.join(', ')}</td>
          <td>
            <Tag color={u.status === 'normal' ? 'success' : 'danger'} fill="outline">
              {u.status === 'normal' ? t('users.normal') : t('users.disabled')}
            </Tag>
          </td>
          <td>{formatTimestamp(u.created_at, locale, false)}</td>
          <td>{formatTimestamp(u.last_login_at, locale) ?? t('users.never')}</td>
          <td>
            <span className={styles.actions}>
              <Button size="mini" onClick={() => void showDetail(u.id).catch(() => undefined)}>
                {t('users.view')}
              </Button>
              {u.id !== me?.id ? (
                <Button
                  size="mini"
                  color={u.status === 'normal' ? 'danger' : 'success'}
                  fill="outline"
                  onClick={() => void setStatus.confirm(u)}
                >
                  {u.status === 'normal' ? t('users.disable') : t('users.enable')}
                </Button>
              ) : null}
            </span>
          </td>
        </tr>
      )}
    >
      <SearchBar
        id="admin-user-search"
        label={t('users.search')}
        button={t('users.searchButton')}
        onSearch={paging.search}
        total={data ? t('users.total', { count: data.total }) : null}
      />
    </ListScreen>
  );
}
