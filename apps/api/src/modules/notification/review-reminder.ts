import type { Clock } from '../../lib/clock';
import { Periodic } from '../../lib/periodic';
import type { NotificationService } from './service';

/** How often the review queues are looked at. */
export const REVIEW_CHECK_MS = 15 * 60_000;

/** The hour (UTC) a reminder belongs to: an admin gets at most one an hour, while something waits. */
export const reviewReminderKey = (at: Date) => `review:${at.toISOString().slice(0, 13)}`;

/**
 * Tells the admins when items wait in the review queues (posts, problem reports, support applications,
 * cash-outs): every 15 minutes one statement counts them and, when any waits, writes each admin's reminder of
 * this hour (none twice: the dedupe key is the hour).
 */
export class ReviewReminder {
  private readonly periodic: Periodic;

  constructor(
    private readonly deps: {
      notifications: Pick<NotificationService, 'notifyReviewers'>;
      clock: Clock;
      onError: (error: unknown) => void;
      intervalMs?: number;
    },
  ) {
    this.periodic = new Periodic(() => this.check(), deps.intervalMs ?? REVIEW_CHECK_MS, deps.onError);
  }

  start(): Promise<void> {
    return this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** One look at the queues (also what the tests call): the reminders written. */
  async check(): Promise<number> {
    const written = await this.deps.notifications.notifyReviewers(reviewReminderKey(this.deps.clock.now()));
    return written.length;
  }
}
