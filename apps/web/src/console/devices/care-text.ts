import { useTranslation } from 'react-i18next';
import type { DeviceCareEntry } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { formatTimestamp } from '../sections';

/** How a care entry's status shows as a tag. */
export const STATUS_COLORS: Record<
  DeviceCareEntry['status'],
  'default' | 'primary' | 'success' | 'danger' | 'warning'
> = {
  queued: 'primary',
  sent: 'primary',
  acked: 'success',
  failed: 'danger',
  expired: 'warning',
};

/** A care entry in words: what was asked (with its numbers), what came of it, and its times. */
export function useCareText() {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  return {
    what: (e: Pick<DeviceCareEntry, 'kind' | 'params'>) => {
      const { grams, known_grams: known, log_lines: lines } = e.params;
      const param =
        grams !== undefined
          ? t('care.params.grams', { grams })
          : known !== undefined
            ? t('care.params.knownGrams', { grams: known })
            : lines !== undefined
              ? t('care.params.logLines', { count: lines })
              : null;
      const kind = t(`care.kind.${e.kind}`);
      return param ? `${kind} · ${param}` : kind;
    },
    /** The outcome: still waiting, no answer in time, or what the station answered. */
    outcome: (e: Pick<DeviceCareEntry, 'status' | 'outcome' | 'grams'>) => {
      if (e.status === 'queued' || e.status === 'sent') return t('care.outcome.waiting');
      if (e.status === 'expired') return t('care.outcome.expired');
      if (e.outcome === null) return t(`care.status.${e.status}`);
      return t(`care.outcome.${e.outcome}`, { grams: e.grams ?? 0 });
    },
    status: (e: Pick<DeviceCareEntry, 'status'>) => t(`care.status.${e.status}`),
    /** Care entries carry milliseconds (the rest of the console's times are seconds). */
    when: (ms: number | null) => (ms === null ? '—' : (formatTimestamp(Math.floor(ms / 1000), locale) ?? '—')),
  };
}
