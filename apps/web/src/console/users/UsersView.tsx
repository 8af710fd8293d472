import { Avatar, Button, Dialog, Tag, Toast } from 'antd-mobile';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@petheart/contracts';
import { DEFAULT_AVATAR, imageUrl } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { DataTable, ListPanel, SearchBar, useSearchPaging } from '../shared/DataTable';
import { formatTimestamp, pageCount } from '../sections';
import styles from '../shared/admin.module.css';
import { useUsersApi } from './api';
import { usersKeys } from './keys';

const LIMIT = 10;

function Detail({ user, locale }: { user: AdminUser; locale: string }) {
  const { t } = useTranslation('admin');
  const rows: [string, string][] = [
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
  ];
  return (
    <dl className={styles.detail}>
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Users: search by keyword, a paged table, details, disable / enable with a confirmation. */
export function UsersView() {
  const { t } = useTranslation('admin');
  const users = useUsersApi();
  const { locale } = useLanguage();
  const { config, user: me } = useSession();
  const queryClient = useQueryClient();
  const { keyword, page, setPage, search } = useSearchPaging();

  const list = useQuery({
    queryKey: usersKeys.list(keyword, page),
    queryFn: () => users.list(keyword, page, LIMIT),
    placeholderData: keepPreviousData,
  });

  const setStatus = useMutation({
    mutationFn: (v: { id: number; action: 'disable' | 'enable' }) =>
      v.action === 'disable' ? users.disable(v.id) : users.enable(v.id),
    onSuccess: async () => {
      Toast.show({ content: t('users.done'), icon: 'success' });
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
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

  const confirmStatus = async (u: AdminUser) => {
    const action = u.status === 'normal' ? 'disable' : 'enable';
    const name = u.email ?? u.nickname;
    const text = action === 'disable' ? t('users.confirmDisable', { name }) : t('users.confirmEnable', { name });
    const ok = await Dialog.confirm({
      'aria-label': text,
      content: text,
      cancelText: t('users.cancel'),
      confirmText: t('users.confirm'),
    });
    if (ok) setStatus.mutate({ id: u.id, action });
  };

  const data = list.data;
  const pages = pageCount(data?.total ?? 0, LIMIT);
  return (
    <ListPanel title={t('users.title')} page={page} pages={pages} onPage={setPage}>
      <SearchBar
        id="admin-user-search"
        label={t('users.search')}
        button={t('users.searchButton')}
        onSearch={search}
        total={data ? t('users.total', { count: data.total }) : null}
      />
      <DataTable
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
        items={data?.list}
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
                <span className={styles.ellipsis} title={u.nickname}>
                  {u.nickname}
                </span>
              </span>
            </td>
            <td>
              <span className={styles.ellipsis} title={u.email ?? undefined}>
                {u.email ?? '—'}
              </span>
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
                    onClick={() => void confirmStatus(u)}
                  >
                    {u.status === 'normal' ? t('users.disable') : t('users.enable')}
                  </Button>
                ) : null}
              </span>
            </td>
          </tr>
        )}
      />
    </ListPanel>
  );
}
