import { useTranslation } from 'react-i18next';
import styles from '../live.module.css';

/** Inside the messenger: a veil with an arrow to its top-right menu, and the hint (spec §8). */
export function ShareGuide({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('live');
  return (
    <div
      className={styles.shareGuide}
      role="dialog"
      aria-modal="true"
      aria-label={t('actions.share')}
      onClick={onClose}
    >
      <svg className={styles.shareArrow} viewBox="0 0 80 90" aria-hidden="true">
        <path d="M10 86 C 20 50, 40 30, 66 14" fill="none" stroke="#fff" strokeWidth="3" strokeDasharray="6 6" />
        <path d="M52 10 L 70 11 L 63 28" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className={styles.shareHint}>{t('share.messengerHint')}</p>
      <button type="button" className={styles.shareClose} onClick={onClose}>
        {t('share.gotIt')}
      </button>
    </div>
  );
}
