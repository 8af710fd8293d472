import { useTranslation } from 'react-i18next';
import type { Clip } from '@petheart/contracts';
import { formatRelativeTime } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { PlayIcon } from '../icons';
import styles from '../live.module.css';

/** The room's published clips as a small horizontal strip (nothing when there are none). */
export function ClipStrip({ clips, onOpen }: { clips: Clip[]; onOpen: (c: Clip) => void }) {
  const { t } = useTranslation('live');
  const { locale } = useLanguage();
  if (clips.length === 0) return null;
  return (
    <section className={styles.clipStrip} aria-label={t('record.clips')}>
      <h2 className={styles.clipStripTitle}>{t('record.clips')}</h2>
      <ul className={styles.clipList}>
        {clips.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className={styles.clipChip}
              onClick={() => {
                onOpen(c);
              }}
            >
              <PlayIcon className={styles.clipPlay} />
              <span className={styles.clipNick}>{c.nickname}</span>
              <span className={styles.clipTime}>{formatRelativeTime(c.created_at, locale)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
