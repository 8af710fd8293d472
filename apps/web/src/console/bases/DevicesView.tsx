import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminDevice, DeviceCredentials } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { basesLists, useBasesApi } from './api';
import { basesKeys } from './keys';
import { CredentialsDialog } from './CredentialsDialog';
import { useConfirmedMutation } from '../shared/confirm';
import { useConsoleList } from '../shared/console-list';
import { SearchBar, useSearchPaging } from '../shared/DataTable';
import { ToolbarSelect } from '../shared/filters';
import { ListScreen, useDetailDrawer } from '../shared/ListScreen';
import { DeviceForm } from './DeviceForm';
import { DeviceRow, type DeviceAction } from './DeviceRow';
import styles from '../shared/admin.module.css';

/** How often the table asks for the devices' live state while the page is visible. */
export const LIVE_REFRESH_MS = 4000;
/** The bases offered by the filter and the form (the API's largest page). */
const BASE_OPTIONS_LIMIT = 100;

type Shown = { credentials: DeviceCredentials; kind: 'provisioned' | 'rotated' } | null;

const QUESTIONS = {
  rotate: 'devices.confirmRotate',
  disable: 'devices.confirmDisable',
  enable: 'devices.confirmEnable',
} as const;

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
  const paging = useSearchPaging();
  const drawer = useDetailDrawer<{ device: AdminDevice | null }>(basesKeys.devices);
  const [shown, setShown] = useState<Shown>(null);

  const bases = useQuery({
    queryKey: basesKeys.options(),
    queryFn: () => api.list({ page: 1, limit: BASE_OPTIONS_LIMIT }),
  });
  const list = useConsoleList({
    key: basesKeys.deviceList(baseId ?? null, paging.keyword, paging.page),
    endpoint: basesLists.devices,
    paging,
    data: { base_id: baseId, keyword: paging.keyword },
    // A failed background refresh must not toast every few seconds: the table keeps its last rows.
    silent: true,
    refetchInterval: LIVE_REFRESH_MS,
  });

  const action = useConfirmedMutation({
    question: ({ device, kind }: { device: AdminDevice; kind: DeviceAction }) =>
      t(QUESTIONS[kind], { id: device.device_id }),
    run: async ({ device, kind }) => {
      const id = device.device_id;
      if (kind === 'rotate') setShown({ credentials: await api.rotate(id), kind: 'rotated' });
      else await (kind === 'disable' ? api.disable(id) : api.enable(id));
    },
    done: ({ kind }) => (kind === 'rotate' ? undefined : t('shared.done')),
    refresh: basesKeys.devices,
  });

  const setBase = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('base', value);
    else next.delete('base');
    setParams(next, { replace: true });
    paging.setPage(1);
  };

  const data = list.data;
  const baseRows = bases.data?.list ?? [];
  const updated = list.query.dataUpdatedAt ? new Date(list.query.dataUpdatedAt).toLocaleTimeString(locale) : null;
  return (
    <ListScreen
      title={t('devices.title')}
      list={list}
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
      empty={t('devices.empty')}
      row={(d) => (
        <DeviceRow
          key={d.device_id}
          device={d}
          onEdit={() => {
            drawer.open({ device: d });
          }}
          onAction={(kind) => void action.confirm({ device: d, kind })}
        />
      )}
      drawer={drawer}
      detail={({ device }) => (
        <DeviceForm
          key={device?.device_id ?? 'new'}
          device={device}
          bases={baseRows}
          defaultBaseId={baseId}
          onCancel={drawer.close}
          onSaved={drawer.done}
          onProvisioned={(credentials) => {
            drawer.done();
            setShown({ credentials, kind: 'provisioned' });
            void queryClient.invalidateQueries({ queryKey: basesKeys.all });
          }}
        />
      )}
      after={
        <CredentialsDialog
          credentials={shown?.credentials ?? null}
          kind={shown?.kind ?? 'provisioned'}
          onClose={() => {
            setShown(null);
          }}
        />
      }
    >
      <SearchBar
        id="admin-device-search"
        label={t('devices.search')}
        button={t('devices.searchButton')}
        onSearch={paging.search}
        total={data ? t('devices.total', { count: data.total }) : null}
        addLabel={t('devices.add')}
        onAdd={() => {
          drawer.open({ device: null });
        }}
        before={
          <ToolbarSelect
            id="admin-device-base"
            label={t('devices.base')}
            anyLabel={t('devices.allBases')}
            value={baseId ? String(baseId) : ''}
            onChange={setBase}
            options={baseRows.map((b) => ({ value: String(b.id), label: b.name }))}
          />
        }
      />
      <div className={styles.liveNote} aria-live="off">
        <span className={styles.liveDot} aria-hidden="true" />
        {t('devices.live', { seconds: LIVE_REFRESH_MS / 1000 })}
        {updated ? ` · ${t('devices.updated', { time: updated })}` : null}
      </div>
    </ListScreen>
  );
}
