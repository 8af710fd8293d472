import type { Locale, NotificationListData, UnreadData } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import type { NotificationSpec } from './fanout-sql';
import type { CreatedNotification, NotificationListener } from './ports';
import { toNotification } from './presenter';
import type { NotificationRepository } from './repository';

/** The same notification for a list of users (notify()). */
export interface NotifyInput extends NotificationSpec {
  userIds: readonly number[];
}

export interface NotificationServiceDeps {
  repo: NotificationRepository;
  clock: Clock;
  /**
   * Told of each fan-out's new rows once its statement has committed: the composition root's list (the open
   * apps' sockets, web push), which may grow after this service is made.
   */
  listeners: readonly NotificationListener[];
  onError: (error: unknown) => void;
}

/**
 * The notification centre (issue 29 §1): a user's inbox (paged, newest first, rendered in the reader's language
 * when read; mark one or all read), and the fan-outs the producers call. Whatever the number of readers, a
 * fan-out is one statement, or one per chunk of 1,000 readers where they can be many (fanout-sql.ts); its rows go
 * to every listener, one batch per statement.
 */
export class NotificationService {
  constructor(private readonly deps: NotificationServiceDeps) {}

  async list(userId: number, q: { page: number; limit: number }, locale: Locale): Promise<NotificationListData> {
    const [{ rows, total }, unread] = await Promise.all([
      this.deps.repo.page(userId, q.limit, (q.page - 1) * q.limit),
      this.deps.repo.unread(userId),
    ]);
    return { list: rows.map((r) => toNotification(r, locale)), total, page: q.page, limit: q.limit, unread };
  }

  async unread(userId: number): Promise<UnreadData> {
    return { unread: await this.deps.repo.unread(userId) };
  }

  /** Marks some of the user's notifications read; an id that is not theirs answers not_found and marks none. */
  async read(userId: number, ids: readonly number[]): Promise<UnreadData> {
    const distinct = [...new Set(ids)];
    if ((await this.deps.repo.countOwned(userId, distinct)) !== distinct.length) throw new AppError('not_found');
    await this.deps.repo.markRead(userId, distinct, this.deps.clock.now());
    return this.readNow(userId);
  }

  async readAll(userId: number): Promise<UnreadData> {
    await this.deps.repo.markAllRead(userId, this.deps.clock.now());
    return this.readNow(userId);
  }

  /** The count after a read, told to the listeners too (the user's other open apps). */
  private async readNow(userId: number): Promise<UnreadData> {
    const data = await this.unread(userId);
    for (const listener of this.deps.listeners) {
      try {
        listener.unreadChanged?.(userId, data.unread);
      } catch (error) {
        this.deps.onError(error);
      }
    }
    return data;
  }

  /** Unread counts of these users (those with none left out): what the socket sends with a new one. */
  unreadCounts(userIds: readonly number[]): Promise<Map<number, number>> {
    return this.deps.repo.unreadCounts(userIds);
  }

  /** The same notification for each of these users (a statement per chunk of 1,000). */
  async notify(input: NotifyInput): Promise<CreatedNotification[]> {
    const { userIds, ...spec } = input;
    if (userIds.length === 0) return [];
    return this.told(this.deps.repo.forUsers(userIds, spec, this.deps.clock.now()));
  }

  /** A notification of its own for each user (one statement). */
  notifyEach(items: readonly (NotificationSpec & { userId: number })[]): Promise<CreatedNotification[]> {
    return this.told(this.deps.repo.forEach(items, this.deps.clock.now()));
  }

  /** Everyone who follows a device's room: it is live again (once per dedupe key). */
  notifyFollowers(deviceId: string, dedupeKey: string): Promise<CreatedNotification[]> {
    return this.told(this.deps.repo.forFollowers(deviceId, dedupeKey, this.deps.clock.now()));
  }

  /** Everyone who gave to an event, once, if every one of its items has now reached its target. */
  notifyEventGoal(of: { eventId: number } | { itemId: number }): Promise<CreatedNotification[]> {
    return this.told(this.deps.repo.forEventGoal(of, this.deps.clock.now()));
  }

  /** The owners of these feeds, those that failed (their coins came back). */
  notifyRefunds(feedIds: readonly string[]): Promise<CreatedNotification[]> {
    return this.told(this.deps.repo.forRefunds(feedIds, this.deps.clock.now()));
  }

  /** The base operators of these station alerts. */
  notifyAlerts(alertIds: readonly number[]): Promise<CreatedNotification[]> {
    return this.told(this.deps.repo.forAlerts(alertIds, this.deps.clock.now()));
  }

  /** Every admin, when something waits in the review queues (once per dedupe key). */
  notifyReviewers(dedupeKey: string): Promise<CreatedNotification[]> {
    return this.told(this.deps.repo.forReviewers(dedupeKey, this.deps.clock.now()));
  }

  /**
   * After each statement of a fan-out: its rows to every listener, one batch per statement (none when it wrote
   * nothing), so the first chunk's readers hear before the last chunk is written. Answers every row written.
   */
  private async told(
    writing: Promise<CreatedNotification[]> | AsyncIterable<CreatedNotification[]>,
  ): Promise<CreatedNotification[]> {
    const all: CreatedNotification[] = [];
    const batches = Symbol.asyncIterator in writing ? writing : [await writing];
    for await (const rows of batches) {
      if (rows.length === 0) continue;
      all.push(...rows);
      for (const listener of this.deps.listeners) {
        try {
          listener.created(rows);
        } catch (error) {
          this.deps.onError(error);
        }
      }
    }
    return all;
  }
}
