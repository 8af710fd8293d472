import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Container } from '../container';
import { devices, feeds } from '../db/schema';
import { feedCredits, walletOf } from '../modules/ledger/policy';
import { SettingsRepository } from '../modules/configuration/repository';
import { LedgerAuditRepository } from '../modules/ledger/audit-repository';
import { LedgerRepository } from '../modules/ledger/repository';
import { LedgerService } from '../modules/ledger/service';

const MARKER = 'demo-revenue-seeded';
const OPERATOR = 'demo@petheart.local';
const FEEDER = 'friend@petheart.local';
const DAY_MS = 86_400_000;
/** The portions fed (the default ones, the big one most often). */
const PORTIONS = [
  { grams: 50, coins: 40 },
  { grams: 20, coins: 18 },
  { grams: 50, coins: 40 },
  { grams: 10, coins: 10 },
  { grams: 50, coins: 40 },
];
const FEEDS_PER_DAY = 24;

/** A uuid derived from a name (the same on every run, so a re-run finds what an interrupted one wrote). */
function stableUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The demo operator's revenue (decision 015): the demo friend's acknowledged feeds at the demo operator's
 * feeders (PH-0001, PH-0002) over the six days before the first run (24 a day each), each one ledger transaction like a
 * settled feed (the friend's coins to the operator's 30 % share and platform revenue), and one cash-out the
 * console has paid. The manage and cash-out pages have something to show, and about 150.00 can be cashed
 * out. Nothing lands on today (today's figures, the daily caps and today's board stay the live ones).
 * Idempotent: every row and ledger key is fixed, and a marker ends it.
 */
export async function seedDemoRevenue(container: Container): Promise<void> {
  const { db } = container.database;
  const { users, ledger, cashouts } = container.services;
  const settings = new SettingsRepository(db);
  if ((await settings.get(MARKER)) !== undefined) return;
  const operator = await users.byEmail(OPERATOR);
  const feeder = await users.byEmail(FEEDER);
  if (!operator || !feeder) return;
  const feeders = await db
    .select({ id: devices.id, baseId: devices.baseId, revenueShareBp: devices.revenueShareBp })
    .from(devices)
    .where(eq(devices.disabled, false));
  const mine = feeders.filter((d) => d.id === 'PH-0001' || d.id === 'PH-0002');
  if (mine.length === 0) return;

  const today = new Date(container.clock.now());
  today.setUTCHours(0, 0, 0, 0);
  const plan: { key: string; device: (typeof mine)[number]; portion: (typeof PORTIONS)[number]; at: Date }[] = [];
  for (let day = 6; day >= 1; day--)
    for (const [d, device] of mine.entries())
      for (let i = 0; i < FEEDS_PER_DAY; i++) {
        const portion = PORTIONS[(day * 7 + d * 3 + i) % PORTIONS.length] ?? { grams: 10, coins: 10 };
        // Through the day, from 06:00 UTC every 37 minutes or so.
        const at = new Date(today.getTime() - day * DAY_MS + 6 * 3_600_000 + (i * 37 + d * 11 + day) * 60_000);
        plan.push({ key: `demo-revenue:${String(day)}:${device.id}:${String(i)}`, device, portion, at });
      }

  /** The ledger as it would have written at `at` (the seeded movements carry their own times). */
  const accountIds = new Map<string, number>();
  const ledgerAt = (at: Date) =>
    new LedgerService({
      ledger: new LedgerRepository(db),
      audit: new LedgerAuditRepository(db),
      clock: { now: () => at },
      accountIds,
    });
  const spent = plan.reduce((s, p) => s + p.portion.coins, 0);
  const firstFeed = plan[0]?.at ?? today;
  await ledgerAt(new Date(firstFeed.getTime() - 3_600_000)).credit({
    userId: feeder.id,
    amount: spent,
    idempotencyKey: 'demo-revenue:recharge',
    reference: 'demo',
  });
  await db
    .insert(feeds)
    .values(
      plan.map((p) => ({
        id: stableUuid(p.key),
        userId: feeder.id,
        idempotencyKey: p.key,
        deviceId: p.device.id,
        baseId: p.device.baseId,
        operatorId: operator.id,
        revenueShareBp: p.device.revenueShareBp,
        grams: p.portion.grams,
        coins: p.portion.coins,
        status: 'succeeded' as const,
        commandId: stableUuid(`${p.key}:command`),
        expiresAt: new Date(p.at.getTime() + 13_000),
        gramsDispensed: p.portion.grams,
        coinsCharged: p.portion.coins,
        createdAt: p.at,
        settledAt: new Date(p.at.getTime() + 3_000),
      })),
    )
    .onConflictDoNothing();
  for (const p of plan) {
    const credits = feedCredits(p.portion.coins, p.device.revenueShareBp, operator.id);
    // Recorded at the feed's settlement time, as the feed would have been.
    await ledgerAt(new Date(p.at.getTime() + 3_000)).record({
      kind: 'feed',
      idempotencyKey: p.key,
      reference: stableUuid(p.key),
      entries: [{ account: walletOf(feeder.id), amount: -p.portion.coins }, ...credits],
    });
  }
  users.forget(feeder.id);
  // One cash-out the console has already paid (the log has a line); about 150.00 stays to cash out.
  const admin = await users.byEmail(container.config.demoAdmin.email);
  if ((await ledger.balances(operator.id)).earnings.available >= 1_000 && admin) {
    const { cashout } = await cashouts.apply(operator.id, {
      amount: 10_000,
      bank: 'China Merchants Bank',
      code: '6214830000000009',
      name: 'Demo Operator',
      mobile: '13800138000',
      idempotency_key: 'demo-revenue-cashout',
    });
    for (const action of ['approve', 'transferred', 'succeeded'] as const)
      await container.services.cashoutAdmin.act(action, cashout.id, '', admin.id);
  }
  await settings.set(MARKER, { at: container.clock.now().toISOString() });
}
