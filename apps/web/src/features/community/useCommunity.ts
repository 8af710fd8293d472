import { useCallback, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Post } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useMessage } from '../../shared/i18n';
import { loginUrl, useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { confirmDialog, toast } from '../../shared/ui';
import { communityApi } from './api';
import { dropPost, patchPost } from './cache';

export const livePath = (deviceId: string) => `/pages/live/live?device_id=${encodeURIComponent(deviceId)}`;
export const detailPath = (id: number) => `/pages/community/detail?id=${String(id)}`;
export const editPath = (id: number) => `/pages/publish/publish?id=${String(id)}`;
export const PUBLISH_PATH = '/pages/publish/publish';
export const MINE_PATH = '/pages/myPublish/myPublish';
export const COMMUNITY_PATH = '/pages/community/community';

/** The community's API calls for this app's client. */
export function useCommunityApi() {
  const client = useApi();
  return useMemo(() => communityApi(client), [client]);
}

/** Returns `ensureLogin()`: true when signed in; otherwise the tourist goes to login (and comes back here). */
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

/** The id in the query: a positive integer, else null. */
export function postIdOf(raw: string | null): number | null {
  if (!raw || !/^\d{1,12}$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Likes or unlikes a post (login first), updating it wherever it is shown. */
export function useLike(): (post: Post) => void {
  const api = useCommunityApi();
  const client = useQueryClient();
  const ensureLogin = useLoginGate();
  const pending = useRef(new Set<number>());
  return useCallback(
    (post: Post) => {
      if (!ensureLogin() || pending.current.has(post.id)) return;
      pending.current.add(post.id);
      const like = !post.liked;
      // Optimistic: the heart answers the tap at once; the server's count replaces the guess.
      patchPost(client, post.id, (p) => ({
        ...p,
        liked: like,
        like_count: Math.max(0, p.like_count + (like ? 1 : -1)),
      }));
      api
        .like(post.id, like)
        .then(
          (state) => {
            patchPost(client, post.id, (p) => ({ ...p, liked: state.liked, like_count: state.like_count }));
          },
          () => {
            patchPost(client, post.id, (p) => ({ ...p, liked: post.liked, like_count: post.like_count }));
          },
        )
        .finally(() => {
          pending.current.delete(post.id);
        });
    },
    [api, client, ensureLogin],
  );
}

/** Asks "Are you sure you want to delete this item?", then deletes the post; resolves true when it went. */
export function useDeletePost(): (post: Post) => Promise<boolean> {
  const api = useCommunityApi();
  const client = useQueryClient();
  const message = useMessage();
  const { t } = useTranslation('community');
  return useCallback(
    async (post: Post) => {
      if (!(await confirmDialog(t('deleteTitle'), message('post.deleteConfirm')))) return false;
      try {
        await api.remove(post.id);
      } catch {
        return false;
      }
      dropPost(client, post.id);
      toast(message('ok.deleted'));
      return true;
    },
    [api, client, message, t],
  );
}
