import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertDialog } from '../../shared/ui';
import { shareMode, shareUrl } from './share';

/**
 * Share (spec §8): inside the messenger, the guide pointing at its top-right menu; elsewhere the link is
 * copied and an alert says so (or shows the link when the clipboard cannot be written).
 */
export function useShare() {
  const { t } = useTranslation('live');
  const [guide, setGuide] = useState(false);

  const share = useCallback(
    async (pathOrUrl: string) => {
      const url = shareUrl(pathOrUrl, window.location.origin);
      const canCopy = window.isSecureContext && 'clipboard' in navigator;
      const mode = shareMode(navigator.userAgent, canCopy);
      if (mode === 'messenger') {
        setGuide(true);
        return;
      }
      if (mode === 'clipboard') {
        try {
          await navigator.clipboard.writeText(url);
          await alertDialog(t('share.copied'), url);
          return;
        } catch {
          // Permission refused: show the link instead.
        }
      }
      await alertDialog(t('share.copyManually'), url);
    },
    [t],
  );

  const closeGuide = useCallback(() => {
    setGuide(false);
  }, []);

  return { share, guide, closeGuide };
}
