import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { FeedProof } from '@petheart/contracts';
import { formatWeight } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { formatDateTime } from '../receipt';
import styles from '../history.module.css';

export interface ProofFacts {
  grams: number;
  deviceName: string;
  baseName: string;
  /** Unix seconds. */
  fedAt: number;
}

/**
 * A feed's proof clip (issue 28 §1): the video with what fell, where and when; "preparing" while it is cut (with a
 * way to ask again once the page has stopped asking by itself), or why there is none.
 */
export function ProofClip({
  proof,
  facts,
  polling,
  onRetry,
}: {
  proof: FeedProof;
  facts: ProofFacts;
  /** The page is still asking for the clip by itself. */
  polling: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('history');
  const { locale } = useLanguage();
  const caption = t('proof.caption', {
    weight: formatWeight(facts.grams, locale),
    device: facts.deviceName,
    base: facts.baseName,
    time: formatDateTime(facts.fedAt, locale),
  });
  return (
    <figure className={styles.proof} data-testid="proof" data-state={proof.state}>
      {proof.state === 'ready' ? (
        <video
          className={styles.proofVideo}
          src={proof.url}
          controls
          playsInline
          preload="metadata"
          aria-label={t('proof.video')}
          data-testid="proof-video"
        />
      ) : (
        <div className={styles.proofEmpty} data-testid="proof-message">
          {proof.state === 'pending' ? (
            <>
              <span>
                {polling && <DotLoading />} {t('proof.pending')}
              </span>
              {!polling && (
                <button type="button" className="ph-link-button" onClick={onRetry}>
                  {t('proof.retry')}
                </button>
              )}
            </>
          ) : (
            <span>{t(`proof.${proof.state}`)}</span>
          )}
        </div>
      )}
      <figcaption className={styles.proofCaption}>{caption}</figcaption>
    </figure>
  );
}
