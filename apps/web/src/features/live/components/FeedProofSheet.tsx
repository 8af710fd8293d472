import { useTranslation } from 'react-i18next';
import type { PublicFeedProof } from '@petheart/contracts';
import { formatRelativeTime, formatWeight, imageUrl } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import type { FeedLine } from '../chat-lines';
import { useFeedProof } from '../useFeedProof';
import { FeedIcon } from '../icons';
import { Sheet } from './Sheet';
import styles from '../sheets.module.css';
import chat from '../chat.module.css';

type ProofState = PublicFeedProof['proof']['state'];
/** Why there is no clip to play, by the proof's state. */
const NO_CLIP = {
  no_camera: 'proof.noCamera',
  expired: 'proof.expired',
  failed: 'proof.failed',
} as const satisfies Partial<Record<ProofState, string>>;

function ProofBody({
  line,
  fetchProof,
  assetHost,
}: {
  line: FeedLine;
  fetchProof: (id: string) => Promise<PublicFeedProof>;
  assetHost: string;
}) {
  const { t } = useTranslation('live');
  const { locale } = useLanguage();
  const { view, retry } = useFeedProof(line.feed_id, fetchProof);
  const retryButton = (
    <button type="button" className={styles.linkButton} onClick={retry}>
      {t('common:retry')}
    </button>
  );
  let body;
  if (view.kind === 'loading') {
    body = <p className={chat.proofNote}>{t('common:loading')}</p>;
  } else if (view.kind === 'error') {
    body = (
      <p className={chat.proofNote} data-state="failed">
        {t('proof.failed')} {retryButton}
      </p>
    );
  } else {
    const { state, url } = view.proof.proof;
    body =
      state === 'ready' ? (
        <video
          className={styles.clipVideo}
          src={imageUrl(url, assetHost, '')}
          data-testid="proof-video"
          controls
          autoPlay
          muted
          playsInline
        />
      ) : (
        <p className={chat.proofNote} data-state={state} role="status">
          {state === 'pending' ? t('proof.pending') : t(NO_CLIP[state])}
          {state === 'pending' &&
            (view.exhausted ? <> {retryButton}</> : <span className={chat.checking}>{t('proof.checking')}</span>)}
        </p>
      );
  }
  const proof = view.kind === 'loaded' ? view.proof : null;
  return (
    <>
      <p className={chat.proofWho}>
        <FeedIcon className={chat.food} />
        {t('feedResult.roomFed', {
          nickname: proof?.nickname ?? line.nickname,
          weight: formatWeight(proof?.grams_dispensed ?? line.grams, locale),
        })}
      </p>
      {proof && (
        <p className={chat.proofWhere}>
          {t('proof.where', { device: proof.device_name, base: proof.base_name })} ·{' '}
          {formatRelativeTime(proof.fed_at, locale)}
        </p>
      )}
      {body}
    </>
  );
}

/** A feed line's proof (issue 28 §2): who fed how much, where and when, and its clip, or why there is none. */
export function FeedProofSheet({
  line,
  fetchProof,
  assetHost,
  onClose,
}: {
  /** The feed whose proof is shown; null = closed. */
  line: FeedLine | null;
  fetchProof: (id: string) => Promise<PublicFeedProof>;
  assetHost: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('live');
  return (
    <Sheet visible={line !== null} onClose={onClose} labelledBy="proof-title" testId="proof-sheet">
      <section>
        <h2 id="proof-title" className={styles.title}>
          {t('proof.title')}
        </h2>
        {line && <ProofBody key={line.feed_id} line={line} fetchProof={fetchProof} assetHost={assetHost} />}
        <button type="button" className={styles.closeText} onClick={onClose}>
          {t('close')}
        </button>
      </section>
    </Sheet>
  );
}
