import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { FeedReceipt } from '@petheart/contracts';
import { useLanguage } from '../../../shared/i18n';
import { shareLink, useNavigator } from '../../../shared/navigation';
import { alertDialog, toast } from '../../../shared/ui';
import type { HistoryApi } from '../api';
import { isShareAbort, postClipPath, proofLink, proofShareMode } from '../proof';
import styles from '../history.module.css';

/** Shares a proof's link: the system's share sheet, else the link copied (or shown when it cannot be). */
function useShareProof() {
  const { t } = useTranslation('history');
  const { locale } = useLanguage();
  return async (feed: FeedReceipt) => {
    // In the sharer's language: the link's preview is written in it (issue 29 §4).
    const url = shareLink(proofLink(feed.id, window.location.origin), window.location.origin, locale);
    const mode = proofShareMode(navigator, window.isSecureContext);
    if (mode === 'sheet') {
      try {
        await navigator.share({
          title: t('proof.shareTitle'),
          text: t('proof.shareText', { base: feed.base_name }),
          url,
        });
        return;
      } catch (error) {
        if (isShareAbort(error)) return;
      }
    }
    if (mode !== 'manual') {
      try {
        await navigator.clipboard.writeText(url);
        toast(t('proof.linkCopied'));
        return;
      } catch {
        // Refused: the link is shown instead.
      }
    }
    await alertDialog(t('proof.copyManually'), url);
  };
}

/** Share the proof of a succeeded feed; once its clip is ready, publish it to the community (a video post). */
export function ProofActions({ feed, api }: { feed: FeedReceipt; api: HistoryApi }) {
  const { t } = useTranslation('history');
  const { navigateTo } = useNavigator();
  const share = useShareProof();
  const [publishing, setPublishing] = useState(false);
  const publish = async () => {
    setPublishing(true);
    try {
      navigateTo(postClipPath(await api.proofClip(feed.id)));
    } catch {
      // The client has said why.
    } finally {
      setPublishing(false);
    }
  };
  return (
    <div className={styles.proofActions}>
      <Button block shape="rounded" size="small" onClick={() => void share(feed)}>
        {t('proof.share')}
      </Button>
      {feed.proof?.state === 'ready' && (
        <Button
          block
          shape="rounded"
          size="small"
          color="primary"
          fill="outline"
          loading={publishing}
          onClick={() => void publish()}
        >
          {t('proof.publish')}
        </Button>
      )}
    </div>
  );
}
