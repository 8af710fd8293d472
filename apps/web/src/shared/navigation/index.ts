import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../ui/feedback';
import { BACK_MESSAGE_DELAY_MS, INDEX_PATH, isExternalUrl, isTabPath } from './paths';

export * from './paths';
export * from './share-link';

export interface Navigator {
  /** Tab paths switch tab; other internal paths push; http/scheme links open externally. */
  navigateTo: (url: string) => void;
  /** Back, or to /pages/index/index when history holds one page or fewer; a message toasts 1.5 s first. */
  back: (message?: string) => void;
}

/** react-router keeps the position in the history stack as `idx` in history.state. */
function historyIndex(): number {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number') return state.idx;
  return 0;
}

export function useNavigator(): Navigator {
  const navigate = useNavigate();
  const location = useLocation();
  const onTab = isTabPath(location.pathname);

  const navigateTo = useCallback(
    (url: string) => {
      if (!url) return;
      if (isExternalUrl(url)) {
        window.location.assign(url);
        return;
      }
      // Switching between tabs does not grow the history; leaving a tab for a page pushes.
      if (isTabPath(url)) void navigate(url, { replace: onTab });
      else void navigate(url);
    },
    [navigate, onTab],
  );

  const back = useCallback(
    (message?: string) => {
      const go = () => {
        try {
          if (historyIndex() < 1) void navigate(INDEX_PATH, { replace: true });
          else void navigate(-1);
        } catch {
          void navigate(INDEX_PATH, { replace: true });
        }
      };
      if (message) {
        toast(message, BACK_MESSAGE_DELAY_MS);
        setTimeout(go, BACK_MESSAGE_DELAY_MS);
      } else {
        go();
      }
    },
    [navigate],
  );

  return useMemo(() => ({ navigateTo, back }), [navigateTo, back]);
}
