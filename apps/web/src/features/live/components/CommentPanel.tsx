import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH } from '@petheart/contracts';
import { formatWeight } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import type { ChatItem, FeedLine } from '../chat-lines';
import { levelTier } from '../fans';
import { FeedIcon } from '../icons';
import styles from '../live.module.css';
import chat from '../chat.module.css';

/** Within this distance of the bottom the list follows new comments; further up the reader keeps their place. */
const STICK_PX = 48;

export function LevelBadge({ level }: { level: number }) {
  const { t } = useTranslation('live');
  return (
    <span className={styles.level} data-tier={levelTier(level)}>
      {t('fans.level', { level })}
    </span>
  );
}

/** A feed as a lasting line of the chat, styled as the room's gift moment; tapping it opens its proof. */
function FeedChatLine({ line, onOpen }: { line: FeedLine; onOpen: (line: FeedLine) => void }) {
  const { t } = useTranslation('live');
  const { locale } = useLanguage();
  return (
    <li className={chat.feedLine} data-testid="feed-line" data-feed-id={line.feed_id}>
      <button
        type="button"
        className={chat.feedButton}
        onClick={() => {
          onOpen(line);
        }}
      >
        <FeedIcon className={chat.food} />
        <span className={chat.feedText}>
          {t('feedResult.roomFed', { nickname: line.nickname, weight: formatWeight(line.grams, locale) })}
        </span>
        <span className={chat.watch}>{t('feedLine.watch')}</span>
      </button>
    </li>
  );
}

/**
 * The chat: comments and the room's feeds, newest at the bottom, following new lines while the reader is at
 * the bottom.
 */
export function CommentList({ items, onOpenFeed }: { items: ChatItem[]; onOpenFeed: (line: FeedLine) => void }) {
  const { t } = useTranslation('live');
  const ref = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [items]);
  return (
    <ol
      ref={ref}
      className={styles.comments}
      data-testid="comment-list"
      aria-label={t('comments')}
      aria-live="polite"
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
      }}
    >
      <li className={styles.welcome}>{t('welcome')}</li>
      {items.map((item) => {
        if (item.kind === 'feed')
          return <FeedChatLine key={`f${item.line.feed_id}`} line={item.line} onOpen={onOpenFeed} />;
        const c = item.comment;
        return (
          <li key={c.seq} className={styles.comment}>
            {c.fan_level !== null && <LevelBadge level={c.fan_level} />}
            <span className={styles.nick}>{c.nickname}</span>
            <span className={styles.text}>{c.content}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** The comment input: tourists are sent to login when they tap it; `onSend` resolves true when it went out. */
export function CommentComposer({
  signedIn,
  onSend,
  onLogin,
}: {
  signedIn: boolean;
  onSend: (text: string) => Promise<boolean>;
  onLogin: () => void;
}) {
  const { t } = useTranslation('live');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const submit = async () => {
    if (sending) return;
    setSending(true);
    try {
      if (await onSend(text)) setText('');
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      className={styles.composer}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <label className="ph-visually-hidden" htmlFor="live-comment">
        {t('comment')}
      </label>
      <input
        id="live-comment"
        className={styles.commentInput}
        value={text}
        placeholder={signedIn ? t('commentPlaceholder') : t('commentLogin')}
        maxLength={COMMENT_MAX_LENGTH}
        readOnly={!signedIn}
        enterKeyHint="send"
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
        }}
        onClick={() => {
          if (!signedIn) onLogin();
        }}
      />
      <button type="submit" className={styles.send} disabled={sending}>
        {t('send')}
      </button>
    </form>
  );
}
