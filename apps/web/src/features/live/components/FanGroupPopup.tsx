import { Avatar, Button, ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FAN_POINTS, type FanMember, type LiveDetail } from '@petheart/contracts';
import { DEFAULT_AVATAR, formatCount, imageUrl } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { PagedList, usePagedList } from '../../../shared/ui';
import type { LiveApi } from '../api';
import { fanProgress } from '../fans';
import { fansKey } from '../useRoom';
import { LevelBadge } from './CommentPanel';
import { Sheet } from './Sheet';
import styles from '../sheets.module.css';

function Members({ deviceId, live, assetHost }: { deviceId: string; live: LiveApi; assetHost: string }) {
  const { t } = useTranslation('live');
  const list = usePagedList<FanMember>({
    queryKey: fansKey(deviceId),
    fetchPage: (page, limit) => live.fans(deviceId, page, limit),
  });
  return (
    <PagedList
      list={list}
      className={styles.members}
      emptyText={t('fans.empty')}
      keyOf={(m) => m.user_id}
      renderItem={(m) => (
        <div className={styles.member}>
          <Avatar className={styles.memberAvatar} src={imageUrl(m.avatar, assetHost, DEFAULT_AVATAR)} alt="" />
          <span className={styles.memberName}>{m.nickname}</span>
          <LevelBadge level={m.level} />
          <span className={styles.memberPoints}>{t('fans.points', { count: m.points })}</span>
        </div>
      )}
    />
  );
}

/** The room's fan group: my level and progress (or Join), how points are earned, and the members. */
export function FanGroupPopup({
  visible,
  onClose,
  room,
  live,
  assetHost,
  joining,
  onJoin,
}: {
  visible: boolean;
  onClose: () => void;
  room: LiveDetail;
  live: LiveApi;
  assetHost: string;
  joining: boolean;
  onJoin: () => void;
}) {
  const { t } = useTranslation('live');
  const { locale } = useLanguage();
  const fan = room.fan;
  const progress = fan ? fanProgress(fan) : null;
  return (
    <Sheet visible={visible} onClose={onClose} labelledBy="fans-title" testId="fan-group">
      <section>
        <div className={styles.titleRow}>
          <h2 id="fans-title" className={styles.title}>
            {t('fans.title')}
          </h2>
          <span className={styles.count} data-testid="fan-count">
            {t('fans.count', { count: room.fan_count, formatted: formatCount(room.fan_count, locale) })}
          </span>
        </div>
        {fan && progress ? (
          <div className={styles.myFan}>
            <div className={styles.myFanHead}>
              <LevelBadge level={fan.level} />
              <span className={styles.myPoints}>{t('fans.points', { count: fan.points })}</span>
            </div>
            <div
              role="progressbar"
              aria-label={t('fans.progress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress.percent}
            >
              <ProgressBar percent={progress.percent} className={styles.progress} />
            </div>
            <p className={styles.note}>
              {progress.toNext === null
                ? t('fans.topLevel')
                : t('fans.toNext', { count: progress.toNext, level: progress.nextLevel })}
            </p>
          </div>
        ) : (
          <div className={styles.joinBox}>
            <p className={styles.joinText}>{t('fans.joinText')}</p>
            <Button color="primary" shape="rounded" size="small" loading={joining} onClick={onJoin}>
              {t('fans.join')}
            </Button>
          </div>
        )}
        <p className={styles.note}>
          {t('fans.howToEarn', {
            visit: FAN_POINTS.dailyVisit,
            comment: FAN_POINTS.comment,
            cap: FAN_POINTS.commentDailyCap,
          })}
        </p>
        <h3 className={styles.subTitle}>{t('fans.members')}</h3>
        <Members deviceId={room.device.device_id} live={live} assetHost={assetHost} />
      </section>
    </Sheet>
  );
}
