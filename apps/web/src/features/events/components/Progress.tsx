import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { progressPercent } from '../support';
import styles from '../events.module.css';

/** Points given of the target: a bar (role progressbar) with "completed / target points" and the percentage. */
export function Progress({ completed, target, label }: { completed: number; target: number; label: string }) {
  const { t } = useTranslation('events');
  const { locale } = useLanguage();
  const percent = progressPercent(completed, target);
  const text = t('progress', { completed: formatCount(completed, locale), target: formatCount(target, locale) });
  return (
    <div className={styles.progress}>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={Math.min(completed, target)}
        aria-valuetext={text}
      >
        <div className={styles.progressFill} style={{ width: `${String(percent)}%` }} />
      </div>
      <div className={styles.progressText}>
        <span data-testid="progress-text">{text}</span>
        <span className={styles.progressPercent}>{t('percent', { n: percent })}</span>
      </div>
    </div>
  );
}
