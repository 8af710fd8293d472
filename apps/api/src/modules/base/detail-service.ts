import type { BaseDetail, LiveRoom, Locale } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import { dayNumber } from '../../lib/time';
import type { BaseStatsRepository } from './detail-repository';
import { toBase } from './presenter';
import type { BaseRepository } from './repository';

export interface BaseDetailServiceDeps {
  bases: Pick<BaseRepository, 'byId'>;
  stats: BaseStatsRepository;
  /** The grams fed at the base: FedGramsRepository, the one definition every screen shows (issue 28 §3). */
  fedGrams: (baseId: number) => Promise<number>;
  /** The live rooms (enabled devices) of a base. */
  rooms: { ofBase(baseId: number, reader: Locale): Promise<LiveRoom[]> };
  clock: Clock;
}

/** A base's public page (Yard): the base, its figures and its live rooms. */
export class BaseDetailService {
  constructor(private readonly deps: BaseDetailServiceDeps) {}

  /** `reader`: the texts in their language where translated (issue 29 §5). */
  async detail(id: number, reader: Locale): Promise<BaseDetail> {
    const base = await this.deps.bases.byId(id);
    if (!base) throw new AppError('not_found');
    const [feeders, fedGrams, firstOnlineAt, rooms] = await Promise.all([
      this.deps.stats.feeders(id),
      this.deps.fedGrams(id),
      this.deps.stats.firstOnlineAt(id),
      this.deps.rooms.ofBase(id, reader),
    ]);
    return {
      base: toBase(base, reader),
      stats: {
        // Distinct users with a posted feed at this base (decision 012).
        feeders,
        fed_grams: fedGrams,
        // Days in operation: the day its first device came online is day 1; 0 before that.
        days_live: dayNumber(firstOnlineAt, this.deps.clock.now()),
        live_rooms: rooms.length,
      },
      rooms,
    };
  }
}
