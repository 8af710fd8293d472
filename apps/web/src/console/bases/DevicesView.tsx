import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Dialog, Toast } from 'antd-mobile';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminDevice, DeviceCredentials } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { useBasesApi } from './api';
import { basesKeys } from './keys';
import { CredentialsDialog } from './CredentialsDialog';
import { DataTable, Drawer, ListPanel, SearchBar, useSearchPaging, LoadFailed } from '../shared/DataTable';
import { DeviceForm } from './DeviceForm';
import { DeviceRow, type DeviceAction } from './DeviceRow';
import { pageCount } from '../sections';
import styles from '../shared/admin.module.css';

const LIMIT = 10;
/** How often the table asks for the devices' live state while the page is visible. */
export const LIVE_REFRESH_MS = 4000;
/** The bases offered by the filter and the form (the API's largest page). */
const BASE_OPTIONS_LIMIT = 100;

type Editing = { device: AdminDevice | null } | null;
type Shown = { credentials: DeviceCredentials; kind: 'provisioned' | 'rotated' } | null;

/**
 * Devices: a paged table with live state (refreshed every few seconds while visible), a base filter
 * (?base=ID), search, provision (credentials shown once), edit, rotate secret, disable / enable.
 */
export function DevicesView() {
  const { t } = useTranslation('admin');
  const api = useBasesApi();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const baseParam = Number(params.get('base'));
  const baseId = Number.isInteger(baseParam) && baseParam > 0 ? baseParam : undefined;
  const { keyword, page, setPage, search } = useSearchPaging();
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<Shown>(null);

  const bases = useQuery({
    queryKey: basesKeys.options(),
    queryFn: () => api.list({ page: 1, limit: BASE_OPTIONS_LIMIT }),
  });
  const list = useQuery({
    queryKey: basesKeys.deviceList(baseId ?? null, keyword, page),
    // api.devices is silent: a failed background refresh must not toast every few seconds; the table keeps its
    // last rows
    queryFn: () =>
      api.devices({ page, limit: LIMIT, ...(baseId ? { base_id: baseId } : {}), ...(keyword ? { keyword } : {}) }),
    placeholderData: keepPreviousData,
    // react-query pauses the interval while the document is hidden
    refetchInterval: LIVE_REFRESH_MS,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: basesKeys.devices });
  const close = () => {
    setEditing(null);
  };

  const action = useMutation({
    mutationFn: async (v: { device: AdminDevice; kind: DeviceAction }) => {
      const id = v.device.device_id;
      if (v.kind === 'rotate') {
        const credentials = await api.rotate(id);
        setShown({ credentials, kind: 'rotated' });
      } else {
        await (v.kind === 'disable' ? api.disable(id) : api.enable(id));
        Toast.show({ content: t('shared.done'), icon: 'success' });
      }
    },
    onSettled: refresh,
  });

  const confirm = async (device: AdminDevice, kind: DeviceAction) => {
    const texts = {
      rotate: 'devices.confirmRotate',
      disable: 'devices.confirmDisable',
      enable: 'devices.confirmEnable',
    } as const;
    const text = t(texts[kind], { id: device.device_id });
    const ok = await Dialog.confirm({
      'aria-label': text,
      content: text,
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
      <ListPanel title={t('devices.title')} page={page} pages={pages} onPage={setPage}>
        <SearchBar
          id="admin-device-search"
          label={t('devices.search')}
          button={t('devices.searchButton')}
          onSearch={search}
          total={data ? t('devices.total', { count: data.total }) : null}
          addLabel={t('devices.add')}
          onAdd={() => {
            setEditing({ device: null });
          }}
          before={
            <>
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
            </>
          }
        />
        <div className={styles.liveNote} aria-live="off">
          <span className={styles.liveDot} aria-hidden="true" />
          {t('devices.live', { seconds: LIVE_REFRESH_MS / 1000 })}
          {updated ? ` · ${t('devices.updated', { time: updated })}` : null}
        </div>
        <DataTable
          compact
          columns={[
            t('devices.id'),
            t('devices.base'),
            t('devices.name'),
            t('devices.feeder'),
            t('devices.camera'),
            t('devices.food'),
            t('devices.lastSeen'),
            t('devices.days'),
            t('devices.share'),
            t('devices.status'),
            t('devices.actions'),
          ]}
          items={data?.list}
          empty={t('devices.empty')}
          row={(d) => (
            <DeviceRow
              key={d.device_id}
              device={d}
              onEdit={() => {
                setEditing({ device: d });
              }}
              onAction={(kind) => void confirm(d, kind)}
            />
          )}
        >
          {!data && list.isError ? <LoadFailed onRetry={() => void list.refetch()} /> : null}
        </DataTable>
      </ListPanel>
      <Drawer open={editing !== null} onClose={close}>
        {editing ? (
          <DeviceForm
            key={editing.device?.device_id ?? 'new'}
            device={editing.device}
            bases={baseRows}
            defaultBaseId={baseId}
            onCancel={close}
            onSaved={() => {
              setEditing(null);
              void refresh();
            }}
            onProvisioned={(credentials) => {
              setEditing(null);
              setShown({ credentials, kind: 'provisioned' });
              void refresh();
              void queryClient.invalidateQueries({ queryKey: basesKeys.all });
            }}
          />
        ) : null}
      </Drawer>
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
