import { LocaleSchema, type Locale, type NotificationKind, type PushPayload } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../mail/mailer';
import type { CreatedNotification, NotificationListener } from '../notification/ports';
import { inQuietHours } from './quiet-hours';
import type { PushRepository, PushTarget, Recipient } from './repository';
import { EMAIL_KINDS } from './service';
import type { PushTransport } from './transport';

/** A notification's title and body in a language. */
export type RenderNotification = (
  kind: NotificationKind,
  params: Record<string, string | number>,
  locale: Locale,
) => { title: string; body: string };

/** The app's icon, shown with each push (apps/web's manifest icons). */
export const PUSH_ICON = '/icons/icon-192.png';

export interface PushSenderDeps {
  repo: PushRepository;
  clock: Clock;
  render: RenderNotification;
  transport: PushTransport;
  mailer: Mailer;
  /** The site's address: e-mails link to it. */
  publicUrl: string;
  onError(error: unknown): void;
  /** Sends in flight at once (default 8). */
  concurrency?: number;
  /** Failed sends in a row after which a subscription is dropped (default 5). */
  maxFailures?: number;
  /** Sends waiting beyond this are dropped (and reported): a push service that hangs must not fill memory. */
  maxQueued?: number;
}

const localeOf = (lang: string): Locale => LocaleSchema.safeParse(lang).data ?? 'en';

/**
 * Delivers new notifications outside the request that made them (issue 29 §2): to each browser of a user who
 * chose the kind, unless it is their quiet hours, in the language the browser subscribed with; and the station
 * alerts an operator chose by e-mail, in their language. A 404 or 410 from the push service removes the
 * subscription; other failures are counted, and the subscription removed after `maxFailures` in a row. Nothing
 * is thrown to the producer: errors go to `onError`.
 */
export class PushSender implements NotificationListener {
  private readonly queue: (() => Promise<void>)[] = [];
  private active = 0;
  private planning: Promise<void> = Promise.resolve();
  private plans = 0;
  private idleWaiters: (() => void)[] = [];
  private stopped = false;

  constructor(private readonly deps: PushSenderDeps) {}

  /** The notification store's listener: returns at once; the work runs after. */
  created(batch: readonly CreatedNotification[]): void {
    if (this.stopped || batch.length === 0) return;
    this.plans += 1;
    this.planning = this.planning
      .then(() => this.plan(batch))
      .catch((error: unknown) => {
        this.deps.onError(error);
      })
      .finally(() => {
        this.plans -= 1;
        this.settle();
      });
  }

  /** Resolves once everything told so far has been sent or has failed (tests, shutdown). */
  idle(): Promise<void> {
    if (this.plans === 0 && this.active === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Takes nothing new; waits for what was told. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  private async plan(batch: readonly CreatedNotification[]): Promise<void> {
    const recipients = await this.deps.repo.recipients([...new Set(batch.map((n) => n.userId))]);
    if (recipients.length === 0) return;
    const byUser = new Map(recipients.map((r) => [r.userId, r]));
    const now = this.deps.clock.now();
    const pushUsers = recipients.filter((r) => r.pushKinds.length > 0).map((r) => r.userId);
    const targets = new Map<number, PushTarget[]>();
    for (const t of pushUsers.length > 0 ? await this.deps.repo.targets(pushUsers, now) : [])
      targets.set(t.userId, [...(targets.get(t.userId) ?? []), t]);
    for (const n of batch) {
      const r = byUser.get(n.userId);
      if (!r) continue;
      if (r.pushKinds.includes(n.kind) && !this.quiet(r, now))
        for (const target of targets.get(n.userId) ?? []) this.enqueue(() => this.push(target, n));
      if (r.email && r.emailKinds.includes(n.kind) && EMAIL_KINDS.includes(n.kind)) {
        const to = r.email;
        this.enqueue(() => this.mail(to, r, n));
      }
    }
  }

  private quiet(r: Recipient, now: Date): boolean {
    return inQuietHours(now, { start: r.quietStart, end: r.quietEnd, timeZone: r.timeZone });
  }

  private async push(target: PushTarget, n: CreatedNotification): Promise<void> {
    const { title, body } = this.deps.render(n.kind, n.params, localeOf(target.lang));
    const payload: PushPayload = { id: n.id, kind: n.kind, title, body, link: n.link, icon: PUSH_ICON };
    const subscription = { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } };
    let status: number;
    try {
      status = await this.deps.transport.send(subscription, JSON.stringify(payload));
    } catch (error) {
      await this.deps.repo.failed(target.id, this.deps.maxFailures ?? 5);
      this.deps.onError(error);
      return;
    }
    if (status >= 200 && status < 300) await this.deps.repo.delivered(target.id, this.deps.clock.now());
    else if (status === 404 || status === 410) await this.deps.repo.remove(target.id);
    else await this.deps.repo.failed(target.id, this.deps.maxFailures ?? 5);
  }

  private async mail(to: string, r: Recipient, n: CreatedNotification): Promise<void> {
    const { title, body } = this.deps.render(n.kind, n.params, localeOf(r.lang));
    const link = n.link ? `\n\n${this.deps.publicUrl}${n.link}` : '';
    await this.deps.mailer.send({ to, subject: title, text: `${body}${link}` });
  }

  private enqueue(task: () => Promise<void>): void {
    if (this.queue.length >= (this.deps.maxQueued ?? 100_000)) {
      this.deps.onError(new Error('push queue full: a notification was not delivered'));
      return;
    }
    this.queue.push(task);
    this.pump();
  }

  private pump(): void {
    const limit = this.deps.concurrency ?? 8;
    while (this.active < limit) {
      const task = this.queue.shift();
      if (!task) break;
      this.active += 1;
      void task()
        .catch((error: unknown) => {
          this.deps.onError(error);
        })
        .finally(() => {
          this.active -= 1;
          this.pump();
          this.settle();
        });
    }
  }

  private settle(): void {
    if (this.plans > 0 || this.active > 0 || this.queue.length > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
