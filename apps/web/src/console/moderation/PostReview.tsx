import type { ReactNode } from 'react';
import { Button, Dialog, Tag, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  AdminPostRejectBodySchema,
  REJECT_REMARK_MAX_CHARS,
  type AdminPost,
  type PostStatus,
} from '@petheart/contracts';
import { DEFAULT_AVATAR, imageUrl } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { formatTimestamp } from '../sections';
import { NoteForm } from '../shared/note-form';
import styles from '../shared/admin.module.css';
import own from '../shared/console-content.module.css';
import { useModerationApi } from './api';

export const POST_STATUS_COLORS: Record<PostStatus, 'warning' | 'success' | 'danger'> = {
  ped: 'warning',
  res: 'success',
  rej: 'danger',
};

/** The rejection: a reason is required (the author sees it); sent to moderationConsoleEndpoints.postReject. */
export function RejectPostForm({
  post,
  onDone,
  children,
}: {
  post: AdminPost;
  onDone: (saved: AdminPost) => void;
  /** More buttons, before Reject in the form's button row (Close, Approve). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const moderation = useModerationApi();
  return (
    <NoteForm
      name={t('moderation.rejectTitle')}
      intro={<h3>{t('moderation.rejectTitle')}</h3>}
      schema={AdminPostRejectBodySchema.shape.remark}
      field={{
        id: 'post-reject-remark',
        label: t('moderation.remark'),
        hint: t('moderation.remarkHint'),
        maxLength: REJECT_REMARK_MAX_CHARS,
        maxRows: 5,
      }}
      submitLabel={t('moderation.reject')}
      color="danger"
      send={(remark) => moderation.rejectPost(post.id, remark)}
      onSent={(saved) => {
        Toast.show({ content: t('moderation.rejected'), icon: 'success' });
        onDone(saved);
      }}
    >
      {children}
    </NoteForm>
  );
}

/**
 * One post under review: author, text (as text), images (each opens full size), the clip, the device with a link
 * to its live room, counts, the last review; approve, or reject with a reason.
 */
export function PostReview({
  post,
  onChanged,
  onClose,
}: {
  post: AdminPost;
  onChanged: (saved: AdminPost) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const moderation = useModerationApi();
  const { locale } = useLanguage();
  const { config } = useSession();
  const assetHost = config?.asset_host ?? '';
  const approve = async () => {
    const ok = await Dialog.confirm({
      'aria-label': t('moderation.confirmApprove'),
      content: t('moderation.confirmApprove'),
      cancelText: t('shared.cancel'),
      confirmText: t('moderation.approve'),
    });
    if (!ok) return;
    try {
      const saved = await moderation.approvePost(post.id);
      Toast.show({ content: t('moderation.approved'), icon: 'success' });
      onChanged(saved);
    } catch {
      // the API client has shown why
    }
  };
  const buttons = (
    <>
      <Button className={own.closeButton} onClick={onClose}>
        {t('shared.close')}
      </Button>
      {post.status !== 'res' ? (
        <Button color="success" onClick={() => void approve()}>
          {t('moderation.approve')}
        </Button>
      ) : null}
    </>
  );
  return (
    <div className={own.review} data-testid="post-review">
      <h2 className={styles.formTitle}>
        {t('moderation.detail', { id: post.id })}{' '}
        <Tag color={POST_STATUS_COLORS[post.status]} fill="outline">
          {t(`moderation.statuses.${post.status}`)}
        </Tag>
      </h2>
      <div className={own.reviewBody}>
        <div className={own.who}>
          <img className={own.avatar} src={imageUrl(post.author.avatar, assetHost, DEFAULT_AVATAR)} alt="" />
          <span>
            <span className={own.whoName}>{post.author.nickname}</span>
            <span className={own.whoMeta}>
              {' '}
              · ID {post.author.id} · {formatTimestamp(post.created_at, locale)}
            </span>
            {post.updated_at > post.created_at + 1 ? (
              <div className={own.whoMeta}>
                {t('moderation.edited', { time: formatTimestamp(post.updated_at, locale) })}
              </div>
            ) : null}
          </span>
        </div>
        <p className={own.fullText} data-testid="post-text">
          {post.content}
        </p>
        {post.images.length > 0 ? (
          <div className={own.imageGrid}>
            {post.images.map((src, i) => {
              const url = imageUrl(src, assetHost);
              return (
                <a key={`${src}#${String(i)}`} href={url} target="_blank" rel="noreferrer">
                  <img src={url} alt={t('moderation.imageN', { n: i + 1, total: post.images.length })} />
                </a>
              );
            })}
          </div>
        ) : null}
        {post.video_url ? (
          <video className={own.video} src={imageUrl(post.video_url, assetHost, '')} controls preload="metadata" />
        ) : null}
        <dl className={own.facts}>
          <dt>{t('moderation.device')}</dt>
          <dd>
            {post.device ? (
              <>
                {post.device.name} · {post.device.base_name} <code>{post.device.id}</code>
                <div>
                  <a
                    href={`/pages/live/live?device_id=${encodeURIComponent(post.device.id)}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {t('moderation.openLive')}
                  </a>
                </div>
              </>
            ) : (
              t('moderation.noDevice')
            )}
          </dd>
          <dt>{t('moderation.engagement')}</dt>
          <dd>
            {t('moderation.likes', { count: post.like_count })} ·{' '}
            {t('moderation.comments', { count: post.comment_count })}
          </dd>
        </dl>
        {post.status === 'rej' && post.remark ? (
          <p className={own.remarkBox}>
            {t('moderation.remark')}: {post.remark}
          </p>
        ) : null}
        {post.reviewed_by && post.reviewed_at ? (
          <p className={own.whoMeta}>
            {t('moderation.reviewed', {
              name: post.reviewed_by.nickname,
              time: formatTimestamp(post.reviewed_at, locale),
            })}
          </p>
        ) : null}
      </div>
      <div className={own.decision}>
        {post.status !== 'rej' ? (
          <RejectPostForm key={post.id} post={post} onDone={onChanged}>
            {buttons}
          </RejectPostForm>
        ) : (
          <div className={own.decisionButtons}>{buttons}</div>
        )}
      </div>
    </div>
  );
}
