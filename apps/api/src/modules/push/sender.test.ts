import { describe, expect, it } from 'vitest';
import type { Locale, NotificationKind } from '@petheart/contracts';
import type { Mailer, MailMessage } from '../../mail/mailer';
import type { CreatedNotification } from '../notification/ports';
import type { PushRepository, PushTarget, Recipient } from './repository';
import { PushSender } from './sender';
import type { PushSubscriptionKeys } from './transport';

const NOON_UTC = new Date('2025-01-15T12:00:00Z');

function recipient(userId: number, over: Partial<Recipient> = {}): Recipient {
  return {
    userId,
    pushKinds: [],
    emailKinds: [],
    quietStart: null,
    quietEnd: null,
    timeZone: 'UTC',
    lang: 'en',
    email: `u${String(userId)}@example.com`,
    ...over,
  };
}
const target = (id: number, userId: number, lang = 'en'): PushTarget => ({
  id,
  userId,
  endpoint: `https://push.example/${String(id)}`,
  p256dh: 'p',
  auth: 'a',
  lang,
});
let ids = 0;
const note = (userId: number, kind: NotificationKind): CreatedNotification => ({
  id: ++ids,
  userId,
  kind,
  params: { device: 'Park' },
  link: '/pages/mine/mine',
  createdAt: NOON_UTC,
});

/** A sender over in-memory settings and subscriptions; the transport answers `status(endpoint)`. */
function setup(o: {
  recipients: Recipient[];
  targets: PushTarget[];
  status?: (endpoint: string) => number | Error;
  concurrency?: number;
  hold?: Promise<void>;
}) {
  const sent: { endpoint: string; payload: { title: string; body: string; kind: string } }[] = [];
  const mails: MailMessage[] = [];
  const errors: unknown[] = [];
  const removed: number[] = [];
  const failures = new Map<number, number>();
  const delivered: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const repo = {
    recipients: (userIds: readonly number[]) => Promise.resolve(o.recipients.filter((r) => userIds.includes(r.userId))),
    targets: (userIds: readonly number[]) =>
      Promise.resolve(o.targets.filter((t) => userIds.includes(t.userId) && !removed.includes(t.id))),
    delivered: (id: number) => {
      delivered.push(id);
      return Promise.resolve();
    },
    failed: (id: number, limit: number) => {
      const n = (failures.get(id) ?? 0) + 1;
      failures.set(id, n);
      if (n >= limit) removed.push(id);
      return Promise.resolve(n);
    },
    remove: (id: number) => {
      removed.push(id);
      return Promise.resolve();
    },
  } as unknown as PushRepository;
  const mailer: Mailer = {
    send: (m) => {
      mails.push(m);
      return Promise.resolve();
    },
    describe: () => 'memory',
  };
  const sender = new PushSender({
    repo,
    clock: { now: () => NOON_UTC },
    render: (kind: NotificationKind, _params, locale: Locale) => ({
      title: `${kind}@${locale}`,
      body: `body@${locale}`,
    }),
    transport: {
      async send(subscription: PushSubscriptionKeys, payload: string) {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          await o.hold;
          sent.push({
            endpoint: subscription.endpoint,
            payload: JSON.parse(payload) as (typeof sent)[number]['payload'],
          });
          const answer = o.status?.(subscription.endpoint) ?? 201;
          if (answer instanceof Error) throw answer;
          return answer;
        } finally {
          inFlight -= 1;
        }
      },
    },
    mailer,
    publicUrl: 'https://petheart.example',
    onError: (e) => errors.push(e),
    concurrency: o.concurrency ?? 8,
  });
  return { sender, sent, mails, errors, removed, failures, delivered, maxInFlight: () => maxInFlight };
}

describe('the push sender', () => {
  it('pushes only the kinds each user chose, to each of their browsers, in each browser’s language', async () => {
    const s = setup({
      recipients: [recipient(1, { pushKinds: ['room_online'] }), recipient(2, { pushKinds: ['post_approved'] })],
      targets: [target(10, 1, 'ja'), target(11, 1, 'zh-TW'), target(20, 2)],
    });
    s.sender.created([
      note(1, 'room_online'),
      note(1, 'post_approved'),
      note(2, 'room_online'),
      note(3, 'room_online'),
    ]);
    await s.sender.idle();
    expect(s.sent.map((x) => [x.endpoint, x.payload.title]).sort()).toEqual([
      ['https://push.example/10', 'room_online@ja'],
      ['https://push.example/11', 'room_online@zh-TW'],
    ]);
    expect(s.delivered.sort()).toEqual([10, 11]);
    expect(s.mails).toEqual([]);
  });

  it('sends nothing inside quiet hours, across midnight in the user’s zone', async () => {
    // Noon UTC is 21:00 in Tokyo and 04:00 in Los Angeles.
    const s = setup({
      recipients: [
        recipient(1, { pushKinds: ['room_online'], quietStart: 20 * 60, quietEnd: 6 * 60, timeZone: 'Asia/Tokyo' }),
        recipient(2, {
          pushKinds: ['room_online'],
          quietStart: 22 * 60,
          quietEnd: 3 * 60,
          timeZone: 'America/Los_Angeles',
        }),
      ],
      targets: [target(10, 1), target(20, 2)],
    });
    s.sender.created([note(1, 'room_online'), note(2, 'room_online')]);
    await s.sender.idle();
    expect(s.sent.map((x) => x.endpoint)).toEqual(['https://push.example/20']);
  });

  it('mails operators the station alerts they chose (quiet hours are for pushes), never other kinds', async () => {
    const s = setup({
      recipients: [
        recipient(1, {
          emailKinds: ['station_jam', 'room_online'],
          lang: 'zh-CN',
          quietStart: 0,
          quietEnd: 1439,
        }),
        recipient(2, { emailKinds: ['station_jam'], email: null }),
      ],
      targets: [],
    });
    s.sender.created([note(1, 'station_jam'), note(1, 'room_online'), note(2, 'station_jam')]);
    await s.sender.idle();
    expect(s.mails).toEqual([
      {
        to: 'u1@example.com',
        subject: 'station_jam@zh-CN',
        text: 'body@zh-CN\n\nhttps://petheart.example/pages/mine/mine',
      },
    ]);
  });

  it('removes a subscription on 404 or 410, counts other failures, and reports errors without throwing', async () => {
    const s = setup({
      recipients: [recipient(1, { pushKinds: ['room_online'] })],
      targets: [target(10, 1), target(11, 1), target(12, 1), target(13, 1)],
      status: (endpoint) =>
        endpoint.endsWith('/10')
          ? 404
          : endpoint.endsWith('/11')
            ? 410
            : endpoint.endsWith('/12')
              ? 503
              : new Error('refused'),
    });
    expect(() => {
      s.sender.created([note(1, 'room_online')]);
    }).not.toThrow();
    await s.sender.idle();
    expect(s.removed.sort()).toEqual([10, 11]);
    expect([...s.failures.entries()].sort()).toEqual([
      [12, 1],
      [13, 1],
    ]);
    expect(s.errors).toHaveLength(1);
  });

  it('returns to the producer at once and keeps at most `concurrency` sends in flight', async () => {
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const many = Array.from({ length: 20 }, (_, i) => target(100 + i, 1));
    const s = setup({
      recipients: [recipient(1, { pushKinds: ['room_online'] })],
      targets: many,
      concurrency: 3,
      hold,
    });
    s.sender.created([note(1, 'room_online')]);
    expect(s.sent).toEqual([]);
    const done = s.sender.idle();
    release();
    await done;
    expect(s.sent).toHaveLength(20);
    expect(s.maxInFlight()).toBe(3);
  });
});
