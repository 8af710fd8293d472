import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_CHARS, PostCommentBodySchema, type Post, type PostComment } from '@petheart/contracts';
import { DEFAULT_AVATAR, formatCount, formatRelativeTime, imageUrl } from '../../../shared/format';
import { useLanguage, useMessage } from '../../../shared/i18n';
import { useSession } from '../../../shared/session';
import { PagedList, confirmDialog, usePagedList } from '../../../shared/ui';
import { commentsKey, patchPost } from '../cache';
import { useCommunityApi, useLoginGate } from '../useCommunity';
import styles from '../post.module.css';
import parts from './parts.module.css';

const contentSchema = PostCommentBodySchema.shape.content;

function CommentRow({
  comment,
  assetHost,
  onDelete,
}: {
  comment: PostComment;
  assetHost: string;
  onDelete: (c: PostComment) => void;
}) {
  const { t } = useTranslation('community');
  const { locale } = useLanguage();
  const created = new Date(comment.created_at * 1000);
  return (
    <div className={styles.comment} data-testid="comment" data-comment={comment.id}>
      <img className={styles.commentAvatar} src={imageUrl(comment.author.avatar, assetHost, DEFAULT_AVATAR)} alt="" />
      <div className={styles.commentMain}>
        <div className={styles.commentHead}>
          <span className={styles.commentNick}>
            {comment.author.nickname}
            {comment.mine && <span className={parts.youTag}>{t('you')}</span>}
          </span>
        </div>
        <p className={styles.commentText}>{comment.content}</p>
        <div className={styles.commentMeta}>
          <time dateTime={created.toISOString()} title={created.toLocaleString(locale)}>
            {formatRelativeTime(comment.created_at, locale)}
          </time>
          {comment.mine && (
            <button
              type="button"
              className={styles.commentDelete}
              aria-label={t('deleteComment')}
              onClick={() => {
                onDelete(comment);
              }}
            >
              {t('delete')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/** The comment box, fixed at the bottom: tourists are sent to login; empty text says "Please enter the comment". */
function Composer({ post }: { post: Post }) {
  const { t } = useTranslation('community');
  const message = useMessage();
  const api = useCommunityApi();
  const client = useQueryClient();
  const { token } = useSession();
  const ensureLogin = useLoginGate();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (!ensureLogin() || sending) return;
    const parsed = contentSchema.safeParse(text);
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message));
      return;
    }
    setError('');
    setSending(true);
    try {
      await api.comment(post.id, parsed.data);
      setText('');
      patchPost(client, post.id, (p) => ({ ...p, comment_count: p.comment_count + 1 }));
      await client.resetQueries({ queryKey: commentsKey(post.id) });
    } catch {
      // the API client showed why
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      {error && (
        <div className={styles.composerError} role="alert">
          {error}
        </div>
      )}
      <form
        className={styles.composer}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label className="ph-visually-hidden" htmlFor="post-comment">
          {t('commentLabel')}
        </label>
        <input
          id="post-comment"
          className={styles.composerInput}
          value={text}
          placeholder={token ? t('commentPlaceholder') : t('commentLogin')}
          maxLength={COMMENT_MAX_CHARS}
          readOnly={!token}
          enterKeyHint="send"
          autoComplete="off"
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError('');
          }}
          onClick={() => {
            if (!token) ensureLogin();
          }}
        />
        <button type="submit" className={styles.composerSend} disabled={sending} aria-busy={sending}>
          {t('send')}
        </button>
      </form>
    </>
  );
}

/** A published post's comments, newest first, paged on reach-bottom; the user deletes their own. */
export function Comments({ post, assetHost }: { post: Post; assetHost: string }) {
  const { t } = useTranslation('community');
  const { locale } = useLanguage();
  const message = useMessage();
  const api = useCommunityApi();
  const client = useQueryClient();
  const list = usePagedList<PostComment>({
    queryKey: [...commentsKey(post.id)],
    fetchPage: (page, limit) => api.comments(post.id, page, limit),
  });

  const remove = async (c: PostComment) => {
    if (!(await confirmDialog(t('deleteTitle'), message('post.deleteConfirm')))) return;
    try {
      await api.deleteComment(c.id);
    } catch {
      return;
    }
    patchPost(client, post.id, (p) => ({ ...p, comment_count: Math.max(0, p.comment_count - 1) }));
    await client.resetQueries({ queryKey: commentsKey(post.id) });
  };

  return (
    <section className={styles.comments} aria-labelledby="post-comments">
      <h2 id="post-comments" className={styles.commentsTitle}>
        {t('commentsTitle')} {post.comment_count > 0 && `(${formatCount(post.comment_count, locale)})`}
      </h2>
      <PagedList
        list={list}
        className={styles.commentList}
        keyOf={(c) => c.id}
        emptyText={t('noComments')}
        renderItem={(c) => (
          <CommentRow
            comment={c}
            assetHost={assetHost}
            onDelete={(x) => {
              void remove(x);
            }}
          />
        )}
      />
      <Composer post={post} />
    </section>
  );
}
