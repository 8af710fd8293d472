import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import type { FeedTone } from '../receipt';
import styles from '../history.module.css';

/** Fed (a green tick), failed (a red cross), on its way (a blue clock). */
export function FeedStatusIcon({ tone, className }: { tone: FeedTone; className?: string }) {
  const Icon = tone === 'fed' ? CheckCircleFill : tone === 'failed' ? CloseCircleFill : ClockCircleFill;
  return (
    <span className={`${styles.statusIcon} ${styles[`icon_${tone}`] ?? ''} ${className ?? ''}`} aria-hidden="true">
      <Icon />
    </span>
  );
}
