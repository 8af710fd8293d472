import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Post, PostAuthor, PostDevice, PostStatus } from '@petheart/contracts';
import { DEFAULT_AVATAR, formatCount, formatRelativeTime, imageUrl } from '../../../shared/format';
import { useLanguage, useMessage } from '../../../shared/i18n';
import { livePath } from '../useCommunity';
import { CameraIcon, ChevronIcon, CommentIcon, HeartIcon } from './icons';
import styles from './parts.module.css';

/** The author's avatar and nickname, and when (a relative time with the full date as its title). */
export function Author({
  author,
  createdAt,
  assetHost,
  mine = false,
}: {
  author: PostAuthor;
  createdAt: number;
  assetHost: string;
  mine?: boolean;
}) {
  const { t } = useTranslation('community');
  const { locale } = useLanguage();
  const created = new Date(createdAt * 1000);
  return (
    <div className={styles.author}>
      <img className={styles.avatar} src={imageUrl(author.avatar, assetHost, DEFAULT_AVATAR)} alt="" />
      <span className={styles.authorText}>
        <span className={styles.nickname}>
          {author.nickname}
          {mine && <span className={styles.youTag}>{t('you')}</span>}
        </span>
        <time className={styles.time} dateTime={created.toISOString()} title={created.toLocaleString(locale)}>
          {formatRelativeTime(createdAt, locale)}
        </time>
      </span>
    </div>
  );
}

/** The review status as a chip: Pending Review, Published or Rejected (contracts messages). */
export function StatusChip({ status }: { status: PostStatus }) {
  const message = useMessage();
  return (
    <span className={`${styles.chip} ${styles[`chip_${status}`] ?? ''}`} data-testid="post-status" data-status={status}>
      {message(`post.status.${status}`)}
    </span>
  );
}

/** A rejected post's reason, as the moderator wrote it (text only). */
export function RejectReason({ remark }: { remark: string }) {
  const message = useMessage();
  const { t } = useTranslation('community');
  // The catalogue holds i18next placeholders ({{remark}}): the remark goes between the halves, as text.
  const [before, after = ''] = message('post.rejectReason').split(/\{\{remark\}\}|\{remark\}/);
  return (
    <div className={styles.reason} role="note" data-testid="reject-reason">
      <p className={styles.reasonText}>
        {before}
        <span className={styles.remark}>{remark}</span>
        {after}
      </p>
      <p className={styles.reasonHint}>{t('rejectedHint')}</p>
    </div>
  );
}

/** The device the post is about: a link to its live room. */
export function DeviceLink({ device, compact = false }: { device: PostDevice | null; compact?: boolean }) {
  const { t } = useTranslation('community');
  if (!device) {
    return compact ? null : <p className={styles.deviceGone}>{t('deviceRemoved')}</p>;
  }
  const label = t('deviceAt', { device: device.name, base: device.base_name });
  return (
    <Link
      to={livePath(device.id)}
      className={compact ? styles.deviceChip : styles.deviceCard}
      aria-label={`${t('openLive')}: ${label}`}
      data-testid="post-device"
    >
      <CameraIcon className={styles.deviceIcon} />
      {/* the list's chip names the device; its label and the detail's card name the base too */}
      <span className={styles.deviceName}>{compact ? device.name : label}</span>
      {!compact && (
        <span className={styles.deviceGo}>
          {t('openLive')}
          <ChevronIcon />
        </span>
      )}
    </Link>
  );
}

/** The like toggle with its count (aria-pressed tells whether the user likes it). */
export function LikeButton({ post, onToggle }: { post: Post; onToggle: (p: Post) => void }) {
  const { t } = useTranslation('community');
  const { locale } = useLanguage();
  const formatted = formatCount(post.like_count, locale);
  return (
    <button
      type="button"
      className={post.liked ? `${styles.stat} ${styles.statLiked}` : styles.stat}
      aria-pressed={post.liked}
      aria-label={`${t('like')}, ${t('likes', { count: post.like_count, formatted })}`}
      data-testid="post-like"
      onClick={() => {
        onToggle(post);
      }}
    >
      <HeartIcon filled={post.liked} className={styles.statIcon} />
      <span>{formatted}</span>
    </button>
  );
}

/** The number of comments (a button when `onOpen` is given, to open the post at its comments). */
export function CommentCount({ post, onOpen }: { post: Post; onOpen?: () => void }) {
  const { t } = useTranslation('community');
  const { locale } = useLanguage();
  const formatted = formatCount(post.comment_count, locale);
  const label = t('comments', { count: post.comment_count, formatted });
  const body = (
    <>
      <CommentIcon className={styles.statIcon} />
      <span>{formatted}</span>
    </>
  );
  return onOpen ? (
    <button type="button" className={styles.stat} aria-label={label} onClick={onOpen}>
      {body}
    </button>
  ) : (
    <span className={styles.stat}>
      <CommentIcon className={styles.statIcon} />
      <span aria-hidden="true">{formatted}</span>
      <span className="ph-visually-hidden">{label}</span>
    </span>
  );
}
