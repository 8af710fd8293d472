import type { FeedCertificate, ImpactData } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import type { ProofView } from '../feed/presenter';
import { toImpactItem } from './presenter';
import type { ImpactRepository } from './repository';

export interface ImpactServiceDeps {
  repo: ImpactRepository;
  clock: Clock;
  /** The user's certificate (feed-stats): the totals agree with it because they are its figures. */
  certificate: (userId: number) => Promise<FeedCertificate>;
  /** How statements name the user ('u_…'), so a donor can find their own lines. */
  pseudonym: (userId: number) => string;
  /** How receipts tell proof clips (issue 28 §1); default: no clips, addresses on this origin. */
  proofView?: Omit<ProofView, 'now'>;
}

/** "My impact" (issue 28 §4): each feed and gift the user's coins paid for, with the certificate's totals. */
export class ImpactService {
  constructor(private readonly deps: ImpactServiceDeps) {}

  async list(userId: number, page: number, limit: number): Promise<ImpactData> {
    const [certificate, counts, rows] = await Promise.all([
      this.deps.certificate(userId),
      this.deps.repo.counts(userId),
      this.deps.repo.page(userId, (page - 1) * limit, limit),
    ]);
    const view = { assetHost: '', clipping: false, ...this.deps.proofView, now: this.deps.clock.now() };
    return {
      list: rows.map((row) => toImpactItem(row, view)),
      total: counts.feeds + counts.gifts,
      page,
      limit,
      pseudonym: this.deps.pseudonym(userId),
      totals: {
        days_joined: certificate.days_joined,
        animals_helped: certificate.animals_helped,
        grams: certificate.grams,
        feeds: certificate.feeds,
        bases: certificate.bases,
        feed_coins: counts.feedCoins,
        gifts: counts.gifts,
        gift_coins: counts.giftCoins,
        help_pay_coins: counts.helpPayCoins,
      },
    };
  }
}
