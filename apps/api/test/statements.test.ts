import { eq, sql } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BaseAccountSchema,
  ImpactDataSchema,
  PayRequestDataSchema,
  StatementDocumentSchema,
  statementFileName,
  type StatementDocument,
  type StatementListData,
} from '@petheart/contracts';
import { supportApplications, supportEvents, supportItems } from '../src/db/schema';
import { createTestApi, failure, okData, type TestApi } from './harness';
import { HOUR, at, buildStatementWorld, download, monthOf, monthStart, statementList } from './statement-support';
import type { StatementWorld } from './statement-support';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/verify-statement.mjs');
const GENESIS = '0'.repeat(64);

/** Runs the verifier with plain Node: its exit code and what it printed. */
async function verify(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, ...args]);
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

/** What a month's statement lines add up to, by the kinds the public account shows. */
function figuresOf(lines: StatementDocument['lines']) {
  const sum = (kind: string, account: string) =>
    lines.filter((l) => l.kind === kind && l.account === account).reduce((n, l) => n + l.amount, 0);
  return {
    feeds: -sum('feed', 'user_wallet'),
    gifts: sum('gift', 'support_fund'),
    helpPay: sum('help_pay', 'support_fund'),
    operatorShare: sum('feed', 'operator_earnings'),
    platformShare: sum('feed', 'platform_revenue'),
    feedCount: new Set(lines.filter((l) => l.kind === 'feed').map((l) => l.ref)).size,
    grams: lines.reduce((n, l) => n + l.grams, 0),
  };
}
type Figures = ReturnType<typeof figuresOf>;

/**
 * Monthly statements (issue 28 §4): generated once per finished month from the ledger's postings concerning a
 * base (feeds, gifts to its operator's requests, its operator's cash-outs), chained by SHA-256 from 64 zeros,
 * served byte for byte, and verified by scripts/verify-statement.mjs, which refuses any change.
 */
describe('monthly statements', () => {
  let api: TestApi;
  let w: StatementWorld;
  let list: StatementListData;
  let dir: string;
  const docs = new Map<string, StatementDocument>();
  /** Each month's JSON and CSV written to `dir` (oldest first). */
  const files: { month: string; json: string; csv: string }[] = [];

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    // The job's pass at start has ended (and its timer stopped): the test generates when it chooses.
    await api.container.services.statementJob.stop();
    w = await buildStatementWorld(api);
    dir = await mkdtemp(path.join(os.tmpdir(), 'petheart-statements-'));
  });
  afterAll(async () => {
    await w.device.end();
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('generates every finished month once, each hash covering the month before, from 64 zeros', async () => {
    const { statements } = api.container.services;
    const stored = await statements.generateDue();
    list = await statementList(api, w.station.baseId);
    const months = list.list.map((s) => s.month).reverse();
    // From the month the base was created (now, real time) through m3: m4 has not ended.
    expect(months[0]).toBe(monthOf(Date.now()));
    expect(months.at(-1)).toBe(monthOf(w.m3));
    expect(stored).toBe(months.length);
    const oldestFirst = [...list.list].reverse();
    expect(oldestFirst[0]?.prev_hash).toBe(GENESIS);
    for (const [i, s] of oldestFirst.entries()) {
      if (i > 0) expect(s.prev_hash).toBe(oldestFirst[i - 1]?.hash);
      const json = await download(api, s.json_url);
      const csv = await download(api, s.csv_url);
      expect(createHash('sha256').update(`${s.prev_hash}\n${json.body}`).digest('hex')).toBe(s.hash);
      const doc = StatementDocumentSchema.parse(JSON.parse(json.body));
      expect(doc.lines).toHaveLength(s.lines);
      docs.set(s.month, doc);
      const name = path.join(dir, statementFileName(w.station.baseId, s.month, 'json'));
      await writeFile(name, json.body);
      await writeFile(name.replace(/json$/, 'csv'), csv.body);
      files.push({ month: s.month, json: name, csv: name.replace(/json$/, 'csv') });
    }
    // Generated once: a second pass stores nothing and changes nothing.
    expect(await statements.generateDue()).toBe(0);
    expect(await statementList(api, w.station.baseId)).toEqual(list);
  });

  it('has a line per ledger entry of the base’s feeds, gifts to its operator’s requests and cash-outs', async () => {
    const pseudonym = async (token: string) =>
      okData(await api.post('/api/feed/impact', {}, { token }), ImpactDataSchema).pseudonym;
    const [mia, leo] = [await pseudonym(w.mia.token), await pseudonym(w.leo.token)];
    w.operatorPseudonym = await pseudonym(w.operator.token);
    expect(mia).toMatch(/^u_[0-9a-f]{16}$/);
    const m1 = docs.get(monthOf(w.m1))?.lines ?? [];
    for (const [feed, who] of [
      ...w.miaFeeds.map((f) => [f, mia] as const),
      ...w.leoFeeds.map((f) => [f, leo] as const),
    ]) {
      const lines = m1.filter((l) => l.ref === `feed:${feed.id}`);
      const share = Math.floor((feed.coins_charged * 3000) / 10_000);
      expect(lines.map((l) => [l.kind, l.account, l.user, l.amount, l.grams]).sort()).toEqual([
        ['feed', 'operator_earnings', w.operatorPseudonym, share, 0],
        ['feed', 'platform_revenue', null, feed.coins_charged - share, 0],
        ['feed', 'user_wallet', who, -feed.coins_charged, feed.grams_dispensed],
      ]);
      expect(new Set(lines.map((l) => l.tx)).size).toBe(1);
    }
    expect(m1).toHaveLength(9);
    const m2 = docs.get(monthOf(w.m2))?.lines ?? [];
    expect(m2.map((l) => [l.kind, l.account, l.amount, l.user, l.ref]).sort()).toEqual([
      ['gift', 'support_fund', 60, null, `gift:${String(w.giftId)}`],
      ['gift', 'user_wallet', -60, mia, `gift:${String(w.giftId)}`],
    ]);
    const m3 = docs.get(monthOf(w.m3))?.lines ?? [];
    expect(m3.length).toBeGreaterThanOrEqual(2);
    expect(m3.every((l) => l.kind === 'cashout' && l.ref === `cashout:${String(w.cashoutId)}`)).toBe(true);
    expect(m3.find((l) => l.account === 'operator_earnings')?.amount).toBe(-1000);
    // Months without movements are statements too (the chain has no gaps).
    expect(docs.get(monthOf(monthStart(w.m1, -1)))?.lines).toEqual([]);
  });

  it('serves each statement as a file, exactly the bytes hashed; unknown ones are not found', async () => {
    const s = list.list[0];
    if (!s) throw new Error('no statement');
    const json = await download(api, s.json_url);
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['content-disposition']).toBe(
      `attachment; filename="${statementFileName(w.station.baseId, s.month, 'json')}"`,
    );
    const csv = await download(api, s.csv_url);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\n')[0]).toBe('time,entry,tx,kind,account,user,amount,grams,ref');
    expect(csv.body.trimEnd().split('\n')).toHaveLength(s.lines + 1);
    const missing = await download(api, s.json_url.replace(/month=[\d-]+/, 'month=1999-01'));
    expect(missing.status).toBe(404);
    failure(await api.post('/api/statement/list', { base_id: 2_000_000 }), 404, 'not_found');
  });

  it('verifies with plain Node: each file, the chain, and each CSV against its JSON', async () => {
    const all = files.flatMap((f) => [f.json, f.csv]);
    const ok = await verify('--expect', list.list[0]?.hash ?? '', ...all);
    expect(ok.out).toContain('VERIFIED');
    expect(ok.out).toContain(`chain of ${String(files.length)} months, last hash ${list.list[0]?.hash ?? ''}`);
    expect(ok.code).toBe(0);
  });

  it('fails when one line’s amount changes, a line is added or removed, or months are reordered', async () => {
    const i = files.findIndex((f) => f.month === monthOf(w.m1));
    const m1 = docs.get(monthOf(w.m1));
    if (!m1 || i < 0) throw new Error('no m1');
    const chain = (replacement: string) => files.map((f, k) => (k === i ? replacement : f.json));
    const tampered = async (name: string, lines: StatementDocument['lines']) => {
      const file = path.join(dir, name);
      const { canonicalJson } = (await import(SCRIPT)) as { canonicalJson: (v: unknown) => string };
      await writeFile(file, canonicalJson({ ...m1, lines }));
      return file;
    };
    const [first, ...rest] = m1.lines;
    if (!first) throw new Error('no line');
    const changed = await verify(
      ...chain(await tampered('changed.json', [{ ...first, amount: first.amount - 1 }, ...rest])),
    );
    expect(changed.code).toBe(1);
    expect(changed.out).toMatch(/sums to -1, not 0/);
    expect(changed.out).toMatch(/the chain is broken/);
    const extra = { ...first, entry: 999_999_999, time: m1.lines.at(-1)?.time ?? first.time };
    const added = await verify(...chain(await tampered('added.json', [...m1.lines, extra])));
    expect(added.code).toBe(1);
    const removed = await verify(...chain(await tampered('removed.json', rest)));
    expect(removed.code).toBe(1);
    expect(removed.out).toMatch(/not 0: a line was changed, added or removed/);
    const swapped = files.map((f) => f.json);
    [swapped[i], swapped[i + 1]] = [swapped[i + 1] ?? '', swapped[i] ?? ''];
    const reordered = await verify(...swapped);
    expect(reordered.code).toBe(1);
    expect(reordered.out).toMatch(/months missing or out of order/);
    // The CSV is held to its JSON.
    const f = files[i];
    if (!f) throw new Error('no files');
    const csv = path.join(dir, path.basename(f.json).replace(/json$/, 'csv'));
    await writeFile(
      csv,
      (await download(api, list.list.find((s) => s.month === f.month)?.csv_url ?? '')).body.replace(',-10,', ',-11,'),
    );
    const badCsv = await verify(f.json, csv);
    expect(badCsv.code).toBe(1);
    expect(badCsv.out).toMatch(/does not match/);
    // The newest month alone: a balanced change passes every check but the published hash.
    const last = files.at(-1)?.json ?? '';
    expect((await verify('--expect', '1'.repeat(64), last)).code).toBe(1);
  });

  it('two processes generating the same months store each once', async () => {
    at(api, monthStart(w.m4, 1) + 2 * HOUR);
    const { statements } = api.container.services;
    await Promise.all([statements.generateDue(), statements.generateDue()]);
    const after = await statementList(api, w.station.baseId);
    expect(after.list.map((s) => s.month)).toEqual([monthOf(w.m4), ...list.list.map((s) => s.month)]);
    expect(after.list[0]?.prev_hash).toBe(list.list[0]?.hash);
  });

  it('puts on the base’s public account, month by month and in all, what its statements add up to', async () => {
    // A help-pay to the operator's own request in the month after m4, then that month ends and is generated.
    const m5 = monthStart(w.m4, 1);
    at(api, m5 + 3 * HOUR);
    const [own] = await api.container.database.db
      .select({ item: supportItems.id, request: supportApplications.id })
      .from(supportItems)
      .innerJoin(supportEvents, eq(supportEvents.id, supportItems.eventId))
      .innerJoin(supportApplications, eq(supportApplications.id, supportEvents.applicationId))
      .where(eq(supportApplications.userId, w.operator.id))
      .limit(1);
    if (!own) throw new Error('the operator applied for no support');
    const token = (await api.container.services.tokens.issue(w.leo.id)).token;
    const pay = okData(
      await api.post('/api/balance/HelpPay', { id: own.item, rescue_station_id: own.request }, { token }),
      PayRequestDataSchema,
    );
    const sandbox = api.container.services.paymentSandbox;
    if (!sandbox) throw new Error('the sandbox provider is configured by default');
    const order = { orderNo: pay.order_no, amount: pay.amount, currency: pay.currency };
    const signed = sandbox.sign(JSON.stringify(sandbox.notificationFor(order, 'pay')));
    const notify = { method: 'POST', url: '/api/payment/notify/sandbox', headers: signed.headers } as const;
    expect((await api.app.inject({ ...notify, payload: signed.body })).statusCode).toBe(200);
    at(api, monthStart(w.m4, 2) + 2 * HOUR);
    await api.container.services.statements.generateDue();

    const months = new Map<string, Figures>();
    for (const s of (await statementList(api, w.station.baseId)).list) {
      const doc = StatementDocumentSchema.parse(JSON.parse((await download(api, s.json_url)).body));
      months.set(s.month, figuresOf(doc.lines));
    }
    expect([...months.keys()][0]).toBe(monthOf(m5));
    const account = okData(await api.post('/api/transparency/base', { base_id: w.station.baseId }), BaseAccountSchema);
    // Every month the page shows is a finished month with its statement, and each says what the statement says.
    expect(account.months.map((m) => m.month).filter((m) => !months.has(m))).toEqual([]);
    for (const [month, f] of months) {
      const m = account.months.find((a) => a.month === month);
      const page = [m?.raised ?? 0, m?.operator_share ?? 0, m?.feeds ?? 0, m?.grams_dispensed ?? 0];
      expect([month, ...page]).toEqual([month, f.feeds + f.gifts + f.helpPay, f.operatorShare, f.feedCount, f.grams]);
    }
    const all = [...months.values()].reduce((a, f) => {
      for (const k of Object.keys(a) as (keyof Figures)[]) a[k] += f[k];
      return a;
    }, figuresOf([]));
    expect(account.totals).toMatchObject({
      raised: { feeds: all.feeds, gifts: all.gifts, help_pay: all.helpPay, total: all.feeds + all.gifts + all.helpPay },
      feeds: all.feedCount,
      grams_dispensed: all.grams,
      operator_share: all.operatorShare,
      platform_share: all.platformShare,
    });
    // Not vacuous: the feeds (m1), Mia's gift to the operator's request (m2; Leo's to another shelter is in
    // neither) and the help-pay (m5) are each in one month of both.
    const fed = [...w.miaFeeds, ...w.leoFeeds];
    expect(months.get(monthOf(w.m1))).toMatchObject({
      feedCount: 3,
      feeds: fed.reduce((n, f) => n + f.coins_charged, 0),
      grams: fed.reduce((n, f) => n + f.grams_dispensed, 0),
    });
    expect(months.get(monthOf(w.m2))).toMatchObject({ gifts: 60, helpPay: 0, feedCount: 0 });
    expect(months.get(monthOf(m5))?.helpPay).toBeGreaterThan(0);
    expect(account.totals.raised).toMatchObject({ gifts: 60, help_pay: months.get(monthOf(m5))?.helpPay });
  });

  it('refuses to change or delete a stored statement (base_statements_frozen)', async () => {
    const { db } = api.container.database;
    const [month] = list.list;
    await expect(
      db.execute(sql`UPDATE base_statements SET hash = ${GENESIS} WHERE base_id = ${w.station.baseId}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM base_statements WHERE base_id = ${w.station.baseId}`)).rejects.toThrow();
    expect((await statementList(api, w.station.baseId)).list.map((s) => s.hash)).toContain(month?.hash);
  });
});
