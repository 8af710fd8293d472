import { useTranslation } from 'react-i18next';
import type { DeviceAlert, DeviceRefill, Locale } from '@petheart/contracts';
import { formatWeight } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';

const stamps = new Map<Locale, Intl.DateTimeFormat>();

/** A care time (Unix ms) as day and minute in the reader's language: "Nov 28, 14:05", "11月28日 14:05". */
export function formatCareTime(ms: number, locale: Locale): string {
  let f = stamps.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    stamps.set(locale, f);
  }
  return f.format(new Date(ms));
}

/** A refill's status in words: failed and expired both mean the station never took it. */
export function refillStatusKey(status: DeviceRefill['status']): 'sent' | 'applied' | 'notTaken' {
  return status === 'failed' || status === 'expired' ? 'notTaken' : status;
}

/** Alerts and refills in words, in the page's language. */
export function useCareText() {
  const { t } = useTranslation('manage');
  const { locale } = useLanguage();
  return {
    /** What is wrong: "Hopper low: 300g left", "Feeder jammed"… */
    alert: (a: Pick<DeviceAlert, 'kind' | 'detail'>) => {
      const grams = a.detail.grams;
      return a.kind === 'hopper_low' && typeof grams === 'number'
        ? t('care.alert.hopperLowGrams', { weight: formatWeight(grams, locale) })
        : t(`care.alert.${a.kind}`);
    },
    since: (ms: number) => t('care.since', { time: formatCareTime(ms, locale) }),
    time: (ms: number) => formatCareTime(ms, locale),
    refillStatus: (status: DeviceRefill['status']) => t(`care.refillStatus.${refillStatusKey(status)}`),
  };
}
