import type {
  AdminPost,
  AdminPostListBody,
  AdminPostListData,
  AdminPostRejectBody,
  AdminReport,
  AdminReportListBody,
  AdminReportListData,
  AdminReportResolveBody,
} from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import type { PublishedPostCache } from '../post/list-cache';
import { toAdminPost } from '../post/presenter';
import type { PostRepository, PostRow } from '../post/repository';
import { containsPattern } from '../search/keyword';
import { toAdminReport } from './presenter';
import type { ReportQueueRepository } from './report-repository';

export interface ModerationServiceDeps {
  posts: Pick<PostRepository, 'forReview' | 'adminView' | 'review'>;
  reports: ReportQueueRepository;
  /** The community list's first pages: dropped when a decision changes what is published. */
  cache: Pick<PublishedPostCache, 'invalidate'>;
  clock: Clock;
  assetHost: string;
}

/** The console's queues: posts to review (approve, or reject with a remark the author sees), problem reports. */
export class ModerationService {
  private readonly reviewedListeners = new Set<(post: PostRow) => void>();

  constructor(private readonly deps: ModerationServiceDeps) {}

  /** Listens to decisions on posts, after each is stored (e.g. the author's notification); returns the unsubscribe. */
  onReviewed(listener: (post: PostRow) => void): () => void {
    this.reviewedListeners.add(listener);
    return () => this.reviewedListeners.delete(listener);
  }

  async posts(adminId: number, q: AdminPostListBody): Promise<AdminPostListData> {
    const keyword = q.keyword?.trim();
    const { rows, total } = await this.deps.posts.forReview(
      { status: q.status, pattern: keyword ? containsPattern(keyword) : undefined },
      { limit: q.limit, offset: (q.page - 1) * q.limit },
    );
    return {
      list: rows.map((v) => toAdminPost(v, adminId, this.deps.assetHost)),
      total,
      page: q.page,
      limit: q.limit,
    };
  }

  /** Publishes a post (from any state: an admin may overturn a rejection); it tops the community list. */
  approve(adminId: number, id: number): Promise<AdminPost> {
    return this.decide(adminId, id, 'res', '');
  }

  /** Rejects a post (pending, or published: it leaves the community) with a remark its author sees. */
  reject(adminId: number, body: AdminPostRejectBody): Promise<AdminPost> {
    return this.decide(adminId, body.id, 'rej', body.remark);
  }

  async reports(q: AdminReportListBody): Promise<AdminReportListData> {
    const { rows, total } = await this.deps.reports.list(q.status, { limit: q.limit, offset: (q.page - 1) * q.limit });
    return { list: rows.map(toAdminReport), total, page: q.page, limit: q.limit };
  }

  /** Resolves a report with a note, recording who and when. */
  async resolve(adminId: number, body: AdminReportResolveBody): Promise<AdminReport> {
    if (!(await this.deps.reports.resolve(body.id, body.note, adminId, this.deps.clock.now())))
      throw new AppError('not_found');
    const view = await this.deps.reports.view(body.id);
    if (!view) throw new AppError('not_found');
    return toAdminReport(view);
  }

  private async decide(adminId: number, id: number, status: 'res' | 'rej', remark: string): Promise<AdminPost> {
    const row = await this.deps.posts.review(id, { status, remark, reviewerId: adminId, at: this.deps.clock.now() });
    if (!row) throw new AppError('not_found');
    this.deps.cache.invalidate();
    for (const listener of this.reviewedListeners) listener(row);
    const view = await this.deps.posts.adminView(id);
    if (!view) throw new AppError('not_found');
    return toAdminPost(view, adminId, this.deps.assetHost);
  }
}
