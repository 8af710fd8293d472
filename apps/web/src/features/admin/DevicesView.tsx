import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Dialog, Input, Popup, Tag, Toast } from 'antd-mobile';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AdminBaseListDataSchema,
  AdminDeviceListDataSchema,
  AdminDeviceSchema,
  DeviceCredentialsSchema,
  type AdminDevice,
  type DeviceCredentials,
} from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { formatRelativeTime, formatWeight } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { CredentialsDialog } from './CredentialsDialog';
import { DeviceForm } from './DeviceForm';
import { bpToPercent } from './forms';
import { pageCount } from './sections';
import { Pager } from './ui';
import styles from './admin.module.css';

const LIMIT = 10;
/** How often the table asks for the devices' live state while the page is visible. */
export const LIVE_REFRESH_MS = 4000;
/** The bases offered by the filter and the form (the API's largest page). */
const BASE_OPTIONS_LIMIT = 100;

type Editing = { device: AdminDevice | null } | null;
type Shown = { credentials: DeviceCredentials; kind: 'provisioned' | 'rotated' } | null;

function OnlineTag({ online }: { online: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={online ? 'success' : 'default'} fill="outline">
      {online ? t('devices.online') : t('devices.offline')}
    </Tag>
  );
}

/**
 * Devices: a paged table with live state (refreshed every few seconds while visible), a base filter
 * (?base=ID), search, provision (credentials shown once), edit, rotate secret, disable / enable.
 */
export function DevicesView() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const baseParam = Number(params.get('base'));
  const baseId = Number.isInteger(baseParam) && baseParam > 0 ? baseParam : undefined;
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<Shown>(null);

  const bases = useQuery({
    queryKey: ['admin', 'bases', 'options'],
    queryFn: () =>
      api.request({
        path: '/admin/base/list',
        data: { page: 1, limit: BASE_OPTIONS_LIMIT },
        schema: AdminBaseListDataSchema,
      }),
  });
  const list = useQuery({
    queryKey: ['admin', 'devices', baseId ?? null, keyword, page],
    queryFn: () =>
      api.request({
        path: '/admin/device/list',
        data: { page, limit: LIMIT, ...(baseId ? { base_id: baseId } : {}), ...(keyword ? { keyword } : {}) },
        schema: AdminDeviceListDataSchema,
        // a failed background refresh must not toast every few seconds; the table keeps its last rows
        silent: true,
      }),
    placeholderData: keepPreviousData,
    // react-query pauses the interval while the document is hidden
    refetchInterval: LIVE_REFRESH_MS,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'devices'] });

  const action = useMutation({
    mutationFn: async (v: { device: AdminDevice; kind: 'rotate' | 'disable' | 'enable' }) => {
      const path = `/admin/device/${v.kind}`;
      const data = { device_id: v.device.device_id };
      if (v.kind === 'rotate') {
        const credentials = await api.request({ path, data, schema: DeviceCredentialsSchema, task: 'deviceAction' });
        setShown({ credentials, kind: 'rotated' });
      } else {
        await api.request({ path, data, schema: AdminDeviceSchema, task: 'deviceAction' });
        Toast.show({ content: t('shared.done'), icon: 'success' });
      }
    },
    onSettled: refresh,
  });

  const confirm = async (device: AdminDevice, kind: 'rotate' | 'disable' | 'enable') => {
    const texts = {
      rotate: 'devices.confirmRotate',
      disable: 'devices.confirmDisable',
      enable: 'devices.confirmEnable',
    } as const;
    const ok = await Dialog.confirm({
      content: t(texts[kind], { id: device.device_id }),
      cancelText: t('shared.cancel'),
      confirmText: t('shared.confirm'),
    });
    if (ok) action.mutate({ device, kind });
  };

  const setBase = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('base', value);
    else next.delete('base');
    setParams(next, { replace: true });
    setPage(1);
  };

  const data = list.data;
  const pages = pageCount(data?.total ?? 0, LIMIT);
  const baseRows = bases.data?.list ?? [];
  const updated = list.dataUpdatedAt ? new Date(list.dataUpdatedAt).toLocaleTimeString(locale) : null;
  return (
    <>
      <h1 className={styles.title}>{t('devices.title')}</h1>
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
          <label className={styles.srOnly} htmlFor="admin-device-base">
            {t('devices.base')}
          </label>
          <select
            id="admin-device-base"
            className={styles.select}
            value={baseId ? String(baseId) : ''}
            onChange={(e) => {
              setBase(e.currentTarget.value);
            }}
          >
            <option value="">{t('devices.allBases')}</option>
            {baseRows.map((b) => (
              <option key={b.id} value={String(b.id)}>
                {b.name}
              </option>
            ))}
          </select>
          <label className={styles.srOnly} htmlFor="admin-device-search">
            {t('devices.search')}
          </label>
          <Input
            id="admin-device-search"
            className={styles.search}
            placeholder={t('devices.search')}
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
            {t('devices.searchButton')}
          </Button>
          {data ? <span className={styles.total}>{t('devices.total', { count: data.total })}</span> : null}
          <Button
            color="primary"
            fill="outline"
            size="small"
            onClick={() => {
              setEditing({ device: null });
            }}
          >
            {t('devices.add')}
          </Button>
        </form>
        <div className={styles.liveNote} aria-live="off">
          <span className={styles.liveDot} aria-hidden="true" />
          {t('devices.live', { seconds: LIVE_REFRESH_MS / 1000 })}
          {updated ? ` · ${t('devices.updated', { time: updated })}` : null}
        </div>
        <div className={styles.tableWrap}>
          <table className={`${styles.table ?? ''} ${styles.compact ?? ''}`}>
            <thead>
              <tr>
                <th>{t('devices.id')}</th>
                <th>{t('devices.base')}</th>
                <th>{t('devices.name')}</th>
                <th>{t('devices.feeder')}</th>
                <th>{t('devices.camera')}</th>
                <th>{t('devices.food')}</th>
                <th>{t('devices.lastSeen')}</th>
                <th>{t('devices.days')}</th>
                <th>{t('devices.share')}</th>
                <th>{t('devices.status')}</th>
                <th>{t('devices.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data?.list.map((d) => (
                <tr key={d.device_id} data-testid={`device-row-${d.device_id}`}>
                  <td>
                    <code>{d.device_id}</code>
                  </td>
                  <td>
                    <span className={styles.ellipsis} title={d.base_name}>
                      {d.base_name}
                    </span>
                  </td>
                  <td>
                    <span className={styles.ellipsis} title={d.name}>
                      {d.name}
                    </span>
                  </td>
                  <td>
                    <OnlineTag online={d.feeder_online} />
                  </td>
                  <td>
                    <OnlineTag online={d.camera_online} />
                  </td>
                  <td className={styles.numeric}>{formatWeight(d.food_stock, locale)}</td>
                  <td>{d.last_seen_at === null ? t('devices.never') : formatRelativeTime(d.last_seen_at, locale)}</td>
                  <td className={styles.numeric}>{d.days_in_operation}</td>
                  <td className={styles.numeric}>{bpToPercent(d.revenue_share_bp)}%</td>
                  <td>
                    <Tag color={d.disabled ? 'danger' : 'success'} fill="outline">
                      {d.disabled ? t('devices.disabled') : t('devices.enabled')}
                    </Tag>
                  </td>
                  <td>
                    <span className={styles.actions}>
                      <Button
                        size="mini"
                        onClick={() => {
                          setEditing({ device: d });
                        }}
                      >
                        {t('shared.edit')}
                      </Button>
                      <Button size="mini" onClick={() => void confirm(d, 'rotate')}>
                        {t('devices.rotate')}
                      </Button>
                      <Button
                        size="mini"
                        color={d.disabled ? 'success' : 'danger'}
                        fill="outline"
                        onClick={() => void confirm(d, d.disabled ? 'enable' : 'disable')}
                      >
                        {d.disabled ? t('devices.enable') : t('devices.disable')}
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.list.length === 0 ? <div className={styles.empty}>{t('devices.empty')}</div> : null}
          {!data && list.isError ? (
            <div className={styles.empty} role="alert">
              {t('common:loadFailed')}{' '}
              <Button size="mini" onClick={() => void list.refetch()}>
                {t('common:retry')}
              </Button>
            </div>
          ) : null}
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
          <DeviceForm
            key={editing.device?.device_id ?? 'new'}
            device={editing.device}
            bases={baseRows}
            defaultBaseId={baseId}
            onCancel={() => {
              setEditing(null);
            }}
            onSaved={() => {
              setEditing(null);
              void refresh();
            }}
            onProvisioned={(credentials) => {
              setEditing(null);
              setShown({ credentials, kind: 'provisioned' });
              void refresh();
              void queryClient.invalidateQueries({ queryKey: ['admin', 'bases'] });
            }}
          />
        ) : null}
      </Popup>
      <CredentialsDialog
        credentials={shown?.credentials ?? null}
        kind={shown?.kind ?? 'provisioned'}
        onClose={() => {
          setShown(null);
        }}
      />
    </>
  );
}
