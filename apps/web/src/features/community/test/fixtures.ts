import type { LiveRoom, Post, PostComment } from '@petheart/contracts';
import { liveEndpoints, postEndpoints } from '@petheart/contracts';
import { fireEvent } from '@testing-library/react';
import { stubApi, type ApiCall } from '../../../test-support/app';

/** Test data for the community pages (never imported by app code). */

/** A page's first render loads its lazy module (cold in a test run): wait longer for it. */
export const SLOW = { timeout: 5000 };
const now = Math.floor(Date.now() / 1000);

export const post = (id: number, over: Partial<Post> = {}): Post => ({
  id,
  content: `Post number ${String(id)}`,
  images: [],
  video_url: null,
  device: { id: 'PH-0001', name: 'Bund Feeder A', base_id: 3, base_name: 'Bund Station' },
  status: 'res',
  remark: '',
  like_count: 2,
  comment_count: 0,
  liked: false,
  created_at: now - 120 - id,
  updated_at: now - 120 - id,
  published_at: now - 120 - id,
  author: { id: 7, nickname: 'Mimi', avatar: '' },
  mine: false,
  ...over,
});

export const comment = (id: number, postId: number, over: Partial<PostComment> = {}): PostComment => ({
  id,
  post_id: postId,
  content: `Comment ${String(id)}`,
  created_at: now - 60,
  author: { id: 8, nickname: 'Kuro', avatar: '' },
  mine: false,
  ...over,
});

export const room = (n: number, over: Partial<LiveRoom> = {}): LiveRoom => ({
  device_id: `PH-000${String(n)}`,
  name: `Feeder ${String(n)}`,
  base_id: 3,
  base_name: 'Bund Station',
  base_text_lang: 'en',
  address: 'Huangpu',
  cover: '',
  latitude: 31.2,
  longitude: 121.5,
  distance: null,
  viewers: 3,
  followers: 1,
  online: true,
  feeder_online: true,
  camera_online: true,
  thumbnail: '',
  thumbnail_at: null,
  camera_offline_at: null,
  ...over,
});

/** Pages `rows` by the call's page and limit, as the API's paged lists answer. */
export function paged<T>(rows: T[], c: ApiCall) {
  const page = Number(c.body.page ?? 1);
  const limit = Number(c.body.limit ?? 10);
  return { list: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit };
}

/** A fake of the community API over mutable lists; `extra` answers anything else first. */
export function stubCommunity(
  state: { posts?: Post[]; mine?: Post[]; comments?: PostComment[]; rooms?: LiveRoom[] },
  extra: (c: ApiCall) => unknown = () => undefined,
) {
  return stubApi((c) => {
    const own = extra(c);
    if (own !== undefined) return own;
    const all = [...(state.posts ?? []), ...(state.mine ?? [])];
    switch (c.endpoint) {
      case postEndpoints.list:
        return paged(state.posts ?? [], c);
      case postEndpoints.mine:
        return paged(state.mine ?? [], c);
      case postEndpoints.detail:
        return all.find((p) => p.id === c.body.id);
      case postEndpoints.delete: {
        const id = Number(c.body.id);
        state.mine = state.mine?.filter((p) => p.id !== id);
        state.posts = state.posts?.filter((p) => p.id !== id);
        return { id };
      }
      case postEndpoints.comments:
        return paged(state.comments ?? [], c);
      case liveEndpoints.list:
        return paged(state.rooms ?? [], c);
      default:
        return undefined;
    }
  });
}

/** Pulls `el` down past the refresh threshold and lets go (the pull-to-refresh gesture). */
export function pullDown(el: Element) {
  fireEvent.touchStart(el, { touches: [{ clientY: 10 }] });
  fireEvent.touchMove(el, { touches: [{ clientY: 200 }] });
  fireEvent.touchEnd(el, { touches: [] });
}
