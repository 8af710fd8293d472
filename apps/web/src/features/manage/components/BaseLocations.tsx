import { useState } from 'react';
import { Switch } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ManagedBase, ManagedBaseListData } from '@petheart/contracts';
import { useMessage } from '../../../shared/i18n';
import { toast } from '../../../shared/ui';
import { BASES_KEY, type ManageApi } from '../api';
import styles from '../locations.module.css';

/**
 * "Where your bases are shown" (issue 28 §5, decision 037): per base the operator runs, its exact address and a
 * "Publish the exact location" switch (off by default), with one line on why and what everyone else sees now.
 * Hidden while it loads, when it fails and for an operator with no base of their own.
 */
export function BaseLocations({ api }: { api: ManageApi }) {
  const { t } = useTranslation('manage');
  const message = useMessage();
  const queryClient = useQueryClient();
  const bases = useQuery({ queryKey: BASES_KEY, queryFn: api.bases, retry: false });
  const [saving, setSaving] = useState<number | null>(null);
  const list = bases.data?.list ?? [];
  if (list.length === 0) return null;

  const change = async (base: ManagedBase, on: boolean) => {
    setSaving(base.id);
    try {
      const saved = await api.setLocationPublic(base.id, on);
      queryClient.setQueryData<ManagedBaseListData>(BASES_KEY, (old) =>
        old ? { list: old.list.map((b) => (b.id === saved.id ? saved : b)) } : old,
      );
      toast(message('ok.saved'));
    } catch {
      // The client has toasted why; the switch stays as it was.
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="manage-locations-title" data-testid="base-locations">
      <h2 id="manage-locations-title" className={styles.title}>
        {t('location.title')}
      </h2>
      <p className={styles.why}>{t('location.why')}</p>
      <ul className={styles.list}>
        {list.map((b) => (
          <li key={b.id} className={styles.card} data-testid="base-location">
            <span className={styles.name}>{b.name}</span>
            <span className={styles.address}>{b.address || t('location.noAddress')}</span>
            <label className={styles.switchRow}>
              <span>{t('location.publish')}</span>
              <Switch
                checked={b.location_public}
                loading={saving === b.id}
                disabled={saving !== null}
                onChange={(on) => void change(b, on)}
              />
            </label>
            <span className={styles.shown} data-testid="base-location-shown">
              {b.location_public ? t('location.shownExact') : t('location.shownCoarse')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
