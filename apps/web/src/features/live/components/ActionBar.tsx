import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedIcon, GroupIcon, RecordIcon, ReportIcon, ShareIcon, YardIcon } from '../icons';
import styles from '../live.module.css';

export type LiveAction = 'report' | 'record' | 'feed' | 'group' | 'share' | 'yard';

const ACTIONS: readonly { key: LiveAction; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { key: 'report', Icon: ReportIcon },
  { key: 'record', Icon: RecordIcon },
  { key: 'feed', Icon: FeedIcon },
  { key: 'group', Icon: GroupIcon },
  { key: 'share', Icon: ShareIcon },
  { key: 'yard', Icon: YardIcon },
];

/**
 * The room's actions (spec §2 order). Feed stands out; when the feeder or camera is offline it looks disabled
 * (aria-disabled, still tappable so it can say why).
 */
export function ActionBar({
  onAction,
  feedBlocked,
  busy,
}: {
  onAction: (a: LiveAction) => void;
  feedBlocked: boolean;
  busy: LiveAction | null;
}) {
  const { t } = useTranslation('live');
  return (
    <nav className={styles.actions} aria-label={t('actionsLabel')}>
      {ACTIONS.map(({ key, Icon }) => {
        const feed = key === 'feed';
        return (
          <button
            key={key}
            type="button"
            className={feed ? `${styles.action} ${styles.feedAction}` : styles.action}
            data-testid={feed ? 'feed-button' : `action-${key}`}
            aria-label={key === 'report' ? t('actions.reportFull') : undefined}
            aria-disabled={feed && feedBlocked ? true : undefined}
            aria-busy={busy === key ? true : undefined}
            onClick={() => {
              onAction(key);
            }}
          >
            <span className={styles.actionIcon}>
              <Icon />
            </span>
            <span className={styles.actionLabel}>{t(`actions.${key}`)}</span>
          </button>
        );
      })}
    </nav>
  );
}
