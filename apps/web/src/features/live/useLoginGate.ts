import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { loginUrl, useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';

/** Returns `ensureLogin()`: true when signed in; otherwise it sends the tourist to login (and back here after). */
export function useLoginGate(): () => boolean {
  const { token } = useSession();
  const { navigateTo } = useNavigator();
  const { pathname, search } = useLocation();
  return useCallback(() => {
    if (token) return true;
    navigateTo(loginUrl(pathname + search));
    return false;
  }, [token, navigateTo, pathname, search]);
}
