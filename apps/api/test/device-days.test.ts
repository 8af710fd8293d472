import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { deviceDaysMismatches } from './device-days-support';
import { createTestApi, type TestApi } from './harness';

/**
 * device_days (decision 021): the statement triggers on feeds and device_commands keep each device's grams
 * by UTC day through inserts, ends, moves between days and commands acknowledged, failed or corrected; the
 * demo data the seed writes straight into the tables is counted too.
 */
describe('device_days', () => {
  let api: TestApi;
  let device = { id: '', base: 0 };
  let user = 0;
  const run = async (query: ReturnType<typeof sql>) => rowsOf(await api.container.database.db.execute(query));
  const day = async (deviceId: string, date: string) => {
    const [row] = await run(sql`SELECT grams_committed AS c, grams_dispensed AS d FROM device_days
      WHERE device_id = ${deviceId} AND day = ${date}::date`);
    return row ? { committed: Number(row.c), dispensed: Number(row.d) } : { committed: 0, dispensed: 0 };
  };
  const today = '2030-05-06';
  const yesterday = '2030-05-05';

  beforeAll(async () => {
    api = await createTestApi({ serveWeb: false, env: { SEED_DEMO_CONTENT: 'true' } });
    const [d] = await run(sql`SELECT id, base_id FROM devices ORDER BY id LIMIT 1`);
    const [u] = await run(sql`SELECT id FROM users ORDER BY id LIMIT 1`);
    device = { id: String(d?.id), base: Number(d?.base_id) };
    user = Number(u?.id);
  });
  afterAll(async () => {
    await api.close();
  });

  it('counts what the seed wrote', async () => {
    expect((await run(sql`SELECT count(*)::int AS n FROM device_days`))[0]?.n).toBeGreaterThan(0);
    expect(await deviceDaysMismatches(api.container.database.db)).toEqual([]);
  });

  it('is filled by its migration from the feeds and commands written before it', async () => {
    const migration = await readFile(new URL('../drizzle/0016_device_days.sql', import.meta.url), 'utf8');
    const backfill = migration.split('-- The days so far.')[1]?.split('--> statement-breakpoint') ?? [];
    expect(backfill).toHaveLength(2);
    const before = await run(sql`SELECT device_id, day::text, grams_committed, grams_dispensed FROM device_days
      ORDER BY device_id, day`);
    await run(sql`DELETE FROM device_days`);
    for (const statement of backfill) await run(sql.raw(statement));
    expect(
      await run(sql`SELECT device_id, day::text, grams_committed, grams_dispensed FROM device_days
      ORDER BY device_id, day`),
    ).toEqual(before);
  });

  it('follows a feed to another day while pending, then to succeeded', async () => {
    const id = randomUUID();
    await run(sql`INSERT INTO feeds (id, user_id, idempotency_key, device_id, base_id, revenue_share_bp, grams, coins,
        command_id, expires_at, created_at)
      VALUES (${id}, ${user}, ${id}, ${device.id}, ${device.base}, 7000, 30, 30, ${randomUUID()},
        ${`${today}T12:00:10Z`}::timestamptz, ${`${today}T12:00:00Z`}::timestamptz)`);
    expect(await day(device.id, today)).toEqual({ committed: 30, dispensed: 0 });
    // Only a pending feed may change (feeds_settle_once).
    await run(sql`UPDATE feeds SET created_at = created_at - interval '1 day' WHERE id = ${id}`);
    expect(await day(device.id, today)).toEqual({ committed: 0, dispensed: 0 });
    expect(await day(device.id, yesterday)).toEqual({ committed: 30, dispensed: 0 });
    await run(sql`UPDATE feeds SET status = 'succeeded', grams_dispensed = 24, coins_charged = 24,
        settled_at = ${`${today}T12:00:02Z`}::timestamptz WHERE id = ${id}`);
    expect(await day(device.id, yesterday)).toEqual({ committed: 24, dispensed: 0 });
    expect(await deviceDaysMismatches(api.container.database.db)).toEqual([]);
  });

  it('keeps a settled feed as it was settled, but links its proof clip once (feeds_settle_once, 0021)', async () => {
    const id = randomUUID();
    await run(sql`INSERT INTO feeds (id, user_id, idempotency_key, device_id, base_id, revenue_share_bp, grams, coins,
        command_id, expires_at, created_at, status, grams_dispensed, coins_charged, settled_at)
      VALUES (${id}, ${user}, ${id}, ${device.id}, ${device.base}, 7000, 20, 20, ${randomUUID()},
        ${`2030-04-01T14:00:10Z`}::timestamptz, ${`2030-04-01T14:00:00Z`}::timestamptz, 'succeeded', 20, 20,
        ${`2030-04-01T14:00:02Z`}::timestamptz)`);
    const clip = async () => {
      const clipId = randomUUID();
      await run(sql`INSERT INTO proof_clips (id, device_id, starts_at, ends_at)
        VALUES (${clipId}, ${device.id}, now(), now())`);
      return clipId;
    };
    const first = await clip();
    await expect(run(sql`UPDATE feeds SET grams_dispensed = 19 WHERE id = ${id}`)).rejects.toThrow();
    await expect(
      run(sql`UPDATE feeds SET proof_clip_id = ${first}, coins_charged = 0 WHERE id = ${id}`),
    ).rejects.toThrow();
    await run(sql`UPDATE feeds SET proof_clip_id = ${first} WHERE id = ${id}`);
    await expect(run(sql`UPDATE feeds SET proof_clip_id = ${await clip()} WHERE id = ${id}`)).rejects.toThrow();
    await expect(run(sql`UPDATE feeds SET proof_clip_id = NULL WHERE id = ${id}`)).rejects.toThrow();
    expect(await run(sql`SELECT proof_clip_id, grams_dispensed, coins_charged FROM feeds WHERE id = ${id}`)).toEqual([
      { proof_clip_id: first, grams_dispensed: 20, coins_charged: 20 },
    ]);
  });

  it('counts a failed feed as nothing', async () => {
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids)
      await run(sql`INSERT INTO feeds (id, user_id, idempotency_key, device_id, base_id, revenue_share_bp, grams,
          coins, command_id, expires_at, created_at)
        VALUES (${id}, ${user}, ${id}, ${device.id}, ${device.base}, 7000, 10, 10, ${randomUUID()},
          ${`${today}T13:00:10Z`}::timestamptz, ${`${today}T13:00:00Z`}::timestamptz)`);
    expect((await day(device.id, today)).committed).toBe(20);
    await run(sql`UPDATE feeds SET status = 'failed', reason = 'jammed', settled_at = now()
      WHERE id IN (${ids[0]}::uuid, ${ids[1]}::uuid)`);
    expect((await day(device.id, today)).committed).toBe(0);
  });

  it('adds dispense commands on the day they were acknowledged, as they are corrected or fail', async () => {
    const id = randomUUID();
    await run(sql`INSERT INTO device_commands (id, device_id, kind, payload, issued_at, expires_at, status)
      VALUES (${id}, ${device.id}, 'dispense', '{}'::jsonb, ${`${yesterday}T23:59:58Z`}::timestamptz,
        ${`${today}T00:00:30Z`}::timestamptz, 'sent')`);
    expect(await day(device.id, today)).toEqual({ committed: 0, dispensed: 0 });
    await run(sql`UPDATE device_commands SET status = 'acked', outcome = 'dispensed', grams = 9,
        acked_at = ${`${today}T00:00:01Z`}::timestamptz WHERE id = ${id}`);
    expect(await day(device.id, today)).toEqual({ committed: 0, dispensed: 9 });
    expect((await day(device.id, yesterday)).dispensed).toBe(0);
    await run(sql`UPDATE device_commands SET grams = 11 WHERE id = ${id}`);
    expect((await day(device.id, today)).dispensed).toBe(11);
    await run(sql`UPDATE device_commands SET status = 'failed' WHERE id = ${id}`);
    expect((await day(device.id, today)).dispensed).toBe(0);
    await run(sql`INSERT INTO device_commands (id, device_id, kind, payload, issued_at, expires_at, status, grams, acked_at)
      VALUES (${randomUUID()}, ${device.id}, 'dispense', '{}'::jsonb, ${`${today}T08:00:00Z`}::timestamptz,
        ${`${today}T08:00:30Z`}::timestamptz, 'acked', 5, ${`${today}T08:00:01Z`}::timestamptz)`);
    expect((await day(device.id, today)).dispensed).toBe(5);
    expect(await deviceDaysMismatches(api.container.database.db)).toEqual([]);
  });
});
