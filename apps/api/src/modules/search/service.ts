import type { LiveRoom, Locale, SearchBody, SearchData } from '@petheart/contracts';
import { toBase } from '../base/presenter';
import type { ViewerSource } from '../live/policy';
import { toLiveRoom } from '../live/presenter';
import type { PostRepository } from '../post/repository';
import type { PostService } from '../post/service';
import type { Viewer } from '../post/viewer';
import { containsPattern } from './keyword';
import type { SearchRepository } from './repository';

export interface SearchServiceDeps {
  search: SearchRepository;
  posts: Pick<PostRepository, 'searchPublished'>;
  /** Presents posts for the viewer (likes, mine). */
  postViews: Pick<PostService, 'presentAll'>;
  viewers: ViewerSource;
}

/** Online rooms first, then the most watched, the most followed, by device id (as the For You list). */
function byInterest(a: LiveRoom, b: LiveRoom): number {
  return (
    Number(b.online) - Number(a.online) ||
    b.viewers - a.viewers ||
    b.followers - a.followers ||
    (a.device_id < b.device_id ? -1 : a.device_id > b.device_id ? 1 : 0)
  );
}

/** The search page: live rooms, bases and published posts by keyword. */
export class SearchService {
  constructor(private readonly deps: SearchServiceDeps) {}

  /** `reader`: base texts in their language where translated (issue 29 §5). */
  async search(q: SearchBody, viewer: Viewer, reader: Locale): Promise<SearchData> {
    const pattern = containsPattern(q.keyword);
    const all = q.type === 'all';
    const page = { limit: q.limit, offset: all ? 0 : (q.page - 1) * q.limit };
    const [live, bases, posts] = await Promise.all([
      all || q.type === 'live' ? this.rooms(pattern, page, reader) : { list: [], total: 0 },
      all || q.type === 'base' ? this.deps.search.bases(pattern, page) : { rows: [], total: 0 },
      all || q.type === 'post' ? this.deps.posts.searchPublished(pattern, page) : { rows: [], total: 0 },
    ]);
    const totals = { live: live.total, bases: bases.total, posts: posts.total };
    return {
      live: live.list,
      bases: bases.rows.map((b) => toBase(b, reader)),
      posts: await this.deps.postViews.presentAll(posts.rows, viewer),
      totals,
      total: totals.live + totals.bases + totals.posts,
      page: all ? 1 : q.page,
      limit: q.limit,
    };
  }

  /** Rooms are ordered here (viewer counts live in the realtime server's memory), as the live lists are. */
  private async rooms(pattern: string, page: { limit: number; offset: number }, reader: Locale) {
    const rows = await this.deps.search.rooms(pattern);
    const rooms = rows.map((r) => toLiveRoom(r, this.deps.viewers.viewers(r.device.id), null, reader)).sort(byInterest);
    return { list: rooms.slice(page.offset, page.offset + page.limit), total: rooms.length };
  }
}
