import {
  LEADERBOARD_SIZE,
  type FeedCalendarBody,
  type FeedCalendarData,
  type FeedCertificate,
  type LeaderboardBody,
  type LeaderboardData,
  type TimeZoneFields,
} from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import { dayNumber, seconds } from '../../lib/time';
import { TtlCache } from '../../lib/ttl-cache';
import { isUnknownZoneError, zonesOf, type Zone } from './policy';
import type { FeedStatsRepository, LeaderRow } from './repository';

export interface FeedStatsServiceDeps {
  stats: FeedStatsRepository;
  clock: Clock;
  /** How long a period's board is reused (every open index page asks for it). */
  cacheMs: number;
}

/**
 * The feeding calendar, the leaderboard and the certificate (PRODUCT.md §7, decision 012), from
 * acknowledged feeds only. Days and weeks are the caller's (its time zone); the board is cached briefly.
 */
export class FeedStatsService {
  private readonly boards: TtlCache<string, LeaderRow[]>;

  constructor(private readonly deps: FeedStatsServiceDeps) {
    this.boards = new TtlCache(deps.clock, 200);
  }

  /**
   * Runs `fn` in the caller's zone: its IANA name first, its offset when the database does not know the
   * name; a name nobody knows is `validation_failed`.
   */
  private async inZone<T>(fields: TimeZoneFields, fn: (zone: Zone) => Promise<T>): Promise<T> {
    const zones = zonesOf(fields);
    for (const [i, zone] of zones.entries()) {
      try {
        return await fn(zone);
      } catch (error) {
        if (!isUnknownZoneError(error)) throw error;
        if (i === zones.length - 1) throw new AppError('validation_failed');
      }
    }
    throw new AppError('validation_failed');
  }

  /** The days of `month` the user fed, in the user's zone. */
  async calendar(userId: number, body: FeedCalendarBody): Promise<FeedCalendarData> {
    const days = await this.inZone(body, (zone) => this.deps.stats.calendar(userId, body.month, zone));
    return { month: body.month, days, total_grams: days.reduce((n, d) => n + d.grams, 0) };
  }

  /** The top feeders of the period by grams, and the caller's own grams (and rank when on the board). */
  async leaderboard(userId: number | null, body: LeaderboardBody): Promise<LeaderboardData> {
    const now = this.deps.clock.now();
    const { since, leaders } = await this.inZone(body, async (zone) => {
      const start = await this.deps.stats.periodStart(body.period, now, zone);
      const key = `${body.period}@${start ? String(start.getTime()) : 'all'}`;
      let rows = this.boards.get(key);
      if (!rows) {
        rows = await this.deps.stats.leaders(start, LEADERBOARD_SIZE);
        if (this.deps.cacheMs > 0)
          this.boards.set(key, rows, now.getTime() + this.deps.cacheMs, this.boards.generation);
      }
      return { since: start, leaders: rows };
    });
    const list = leaders.map((r) => ({
      rank: r.rank,
      nickname: r.nickname,
      avatar: r.avatar,
      grams: r.grams,
      me: r.userId === userId,
    }));
    let mine: LeaderboardData['mine'] = null;
    if (userId !== null) {
      const onBoard = leaders.find((r) => r.userId === userId);
      mine = onBoard
        ? { rank: onBoard.rank, grams: onBoard.grams }
        : { rank: null, grams: await this.deps.stats.userGrams(userId, since) };
    }
    return { period: body.period, since: since ? seconds(since) : null, list, mine };
  }

  /** Days since joining, animals helped and grams provided, from the user's acknowledged feeds. */
  async certificate(userId: number): Promise<FeedCertificate> {
    const row = await this.deps.stats.certificate(userId);
    if (!row) throw new AppError('not_found');
    return {
      nickname: row.nickname,
      avatar: row.avatar,
      joined_at: seconds(row.joinedAt),
      // The day of registration is day 1 (24-hour days from the registration time).
      days_joined: dayNumber(row.joinedAt, this.deps.clock.now()),
      animals_helped: row.animals,
      grams: row.grams,
      feeds: row.feeds,
      bases: row.bases,
      first_fed_at: row.firstFedAt === null ? null : Math.floor(row.firstFedAt),
    };
  }
}
