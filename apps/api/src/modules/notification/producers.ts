import { CASHOUT_STATUS_OF, type CashoutState } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { formatMoney } from '../../lib/money';
import { RoomOnlineWatch } from './room-online';
import type { NotificationService } from './service';

/** How much of a post's text names it in a notification. */
const POST_TITLE_CHARS = 40;

/** A post's first words, on one line: at most POST_TITLE_CHARS characters (graphemes, never one cut in two). */
export function postTitle(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  let out = '';
  let n = 0;
  for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(line)) {
    if (n === POST_TITLE_CHARS) return `${out}…`;
    out += segment;
    n += 1;
  }
  return out;
}

/** Cash-out states whose console note is the reason the owner reads. */
const NOTED: readonly CashoutState[] = ['rejected', 'transfer_failed'];

export interface NotificationProducersDeps {
  notifications: Pick<
    NotificationService,
    'notify' | 'notifyFollowers' | 'notifyEventGoal' | 'notifyRefunds' | 'notifyAlerts'
  >;
  clock: Clock;
  onError: (error: unknown) => void;
  /** A room offline for less than this and back tells no one (RoomOnlineWatch; default 3 minutes). */
  roomFlapMs?: number;
}

/**
 * What happened elsewhere, turned into notifications (issue 29 §1). Each method is a listener the composition
 * root registers on the service where the event commits; it returns at once (never throws), the fan-out runs
 * after, and a failure is reported, never the caller's. `idle()` waits for the fan-outs under way (tests,
 * shutdown).
 */
export class NotificationProducers {
  private readonly running = new Set<Promise<unknown>>();
  /** The last work queued per subject: decisions on one post (or one cash-out) are told in the order they were made. */
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly rooms: RoomOnlineWatch;

  constructor(private readonly deps: NotificationProducersDeps) {
    this.rooms = new RoomOnlineWatch({
      now: () => deps.clock.now().getTime(),
      minOfflineMs: deps.roomFlapMs,
      onBackOnline: (deviceId, at) => {
        // One row per follower per online episode, whichever process saw it.
        this.run(() =>
          deps.notifications.notifyFollowers(deviceId, `online:${deviceId}:${String(Math.floor(at / 60_000))}`),
        );
      },
    });
  }

  /** A moderator approved or rejected a post: its author hears (again after an edit, not for a repeated click). */
  postReviewed(post: { id: number; userId: number; status: string; remark: string; content: string; updatedAt: Date }) {
    if (post.status !== 'res' && post.status !== 'rej') return;
    const approved = post.status === 'res';
    this.run(
      () =>
        this.deps.notifications.notify({
          userIds: [post.userId],
          kind: approved ? 'post_approved' : 'post_rejected',
          params: { title: postTitle(post.content), ...(approved ? {} : { reason: post.remark }) },
          link: `/pages/community/detail?id=${String(post.id)}`,
          dedupeKey: `post:${String(post.id)}:${post.status}:${String(post.updatedAt.getTime())}`,
        }),
      `post:${String(post.id)}`,
    );
  }

  /** The console moved a cash-out: its owner hears the new status (the note, for a rejection or failure). */
  cashoutMoved(
    cashout: { id: number; userId: number; status: CashoutState; amount: number; currency: string },
    by: { role: 'admin' | 'operator' },
    note: string,
  ) {
    if (by.role !== 'admin') return;
    this.run(
      () =>
        this.deps.notifications.notify({
          userIds: [cashout.userId],
          kind: 'cashout_status',
          params: {
            status: CASHOUT_STATUS_OF[cashout.status],
            amount: formatMoney(cashout.amount, cashout.currency),
            ...(NOTED.includes(cashout.status) && note.trim() !== '' ? { reason: note } : {}),
          },
          link: '/pages/cashOut/log',
          dedupeKey: `cashout:${String(cashout.id)}:${cashout.status}`,
        }),
      `cashout:${String(cashout.id)}`,
    );
  }

  /** A support application was reviewed (once): its applicant hears, with the reason of a rejection. */
  applicationReviewed(application: { id: number; userId: number; name: string; status: number; reason: string }) {
    if (application.status !== 1 && application.status !== 2) return;
    this.run(() =>
      this.deps.notifications.notify({
        userIds: [application.userId],
        kind: 'support_reviewed',
        params: {
          name: application.name,
          status: application.status,
          ...(application.status === 2 ? { reason: application.reason } : {}),
        },
        link: '/pages/beneficence/apply',
        dedupeKey: `application:${String(application.id)}`,
      }),
    );
  }

  /** Points were given to an event's item (coins, or a help-pay credited): its goal may be reached. */
  supportGiven(of: { eventId: number } | { itemId: number }) {
    this.run(() => this.deps.notifications.notifyEventGoal(of));
  }

  /** Feeds just settled: the owners of those that failed hear their coins came back. */
  feedsEnded(feeds: readonly { id: string; status: string }[]) {
    const failed = feeds.filter((f) => f.status === 'failed').map((f) => f.id);
    if (failed.length > 0) this.run(() => this.deps.notifications.notifyRefunds(failed));
  }

  /** Station alerts just opened: their bases' operators hear. */
  alertsOpened(alertIds: readonly number[]) {
    if (alertIds.length > 0) this.run(() => this.deps.notifications.notifyAlerts(alertIds));
  }

  /** A device's state (the gateway's reports, the media server's camera changes): its room may be live again. */
  deviceState(state: { device_id: string; camera_online: boolean }) {
    this.rooms.seen(state.device_id, state.camera_online);
  }

  /** Resolves when every fan-out started so far has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Starts work now, or after the work queued before it on the same subject (`key`). */
  private run(work: () => Promise<unknown>, key?: string): void {
    const before = key === undefined ? undefined : this.tails.get(key);
    const p: Promise<unknown> = (before ?? Promise.resolve())
      .then(work)
      .catch(this.deps.onError)
      .finally(() => {
        this.running.delete(p);
        if (key !== undefined && this.tails.get(key) === p) this.tails.delete(key);
      });
    this.running.add(p);
    if (key !== undefined) this.tails.set(key, p);
  }
}
