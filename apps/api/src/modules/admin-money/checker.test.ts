import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvariantReport } from '../ledger/invariants';
import { LEDGER_CHECK_KEY, LedgerChecker, toCheckResult } from './checker';

const report = (over: Partial<InvariantReport> = {}): InvariantReport => ({
  ok: true,
  checkedAt: new Date('2030-01-02T03:04:05Z'),
  transactions: 4,
  entries: 8,
  accounts: 3,
  pendingHolds: 1,
  problems: [],
  ...over,
});

class MemoryStore {
  readonly values = new Map<string, unknown>();
  get(key: string) {
    return Promise.resolve(this.values.get(key));
  }
  set(key: string, value: unknown) {
    this.values.set(key, value);
    return Promise.resolve();
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toCheckResult', () => {
  it('reports counts in wire form and keeps at most 100 problems with their total', () => {
    const problems = Array.from({ length: 130 }, (_, i) => ({
      code: 'balance_mismatch' as const,
      detail: `account ${String(i)}`,
    }));
    const result = toCheckResult(report({ ok: false, problems }), 'schedule', 12.6);
    expect(result).toMatchObject({
      ok: false,
      checked_at: Date.parse('2030-01-02T03:04:05Z') / 1000,
      duration_ms: 13,
      trigger: 'schedule',
      transactions: 4,
      entries: 8,
      accounts: 3,
      pending_holds: 1,
      problem_count: 130,
    });
    expect(result.problems).toHaveLength(100);
  });
});

describe('LedgerChecker', () => {
  it('runs once for requests that come while a run is under way, and stores the result', async () => {
    let finish: (r: InvariantReport) => void = () => undefined;
    const check = vi.fn(() => new Promise<InvariantReport>((resolve) => (finish = resolve)));
    const store = new MemoryStore();
    const checker = new LedgerChecker({ check, store, intervalMs: 600_000 });
    expect(await checker.state()).toEqual({ latest: null, interval_s: 600 });
    const a = checker.run('manual');
    const b = checker.run('manual');
    finish(report());
    const [ra, rb] = await Promise.all([a, b]);
    expect(check).toHaveBeenCalledTimes(1);
    expect(ra).toBe(rb);
    expect(store.values.get(LEDGER_CHECK_KEY)).toEqual(ra);
    expect((await checker.state()).latest).toEqual(ra);
    // The next request runs again.
    check.mockImplementationOnce(() => Promise.resolve(report({ transactions: 5 })));
    expect((await checker.run('manual')).transactions).toBe(5);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('tells about problems, and still shows a result it could not store', async () => {
    const onProblems = vi.fn();
    const onError = vi.fn();
    const store = new MemoryStore();
    store.set = () => Promise.reject(new Error('database gone'));
    const bad = report({ ok: false, problems: [{ code: 'negative_balance', detail: 'account 1' }] });
    const checker = new LedgerChecker({
      check: () => Promise.resolve(bad),
      store,
      intervalMs: 1000,
      onProblems,
      onError,
    });
    const result = await checker.run('manual');
    expect(onProblems).toHaveBeenCalledWith(result);
    expect(onError).toHaveBeenCalledTimes(1);
    expect((await checker.state()).latest).toEqual(result);
  });

  it('shows the newer of its own and the stored result', async () => {
    const store = new MemoryStore();
    const checker = new LedgerChecker({ check: () => Promise.resolve(report()), store, intervalMs: 1000 });
    const mine = await checker.run('manual');
    const newer = { ...mine, checked_at: mine.checked_at + 60, trigger: 'schedule' };
    store.values.set(LEDGER_CHECK_KEY, newer);
    expect((await checker.state()).latest).toEqual(newer);
    store.values.set(LEDGER_CHECK_KEY, { ...mine, checked_at: mine.checked_at - 60 });
    expect((await checker.state()).latest).toEqual(mine);
    store.values.set(LEDGER_CHECK_KEY, { garbage: true });
    expect((await checker.state()).latest).toEqual(mine);
  });

  it('runs every interval once started, and stop waits for a run under way', async () => {
    vi.useFakeTimers();
    let finish: (r: InvariantReport) => void = () => undefined;
    const check = vi.fn(() => new Promise<InvariantReport>((resolve) => (finish = resolve)));
    const store = new MemoryStore();
    const checker = new LedgerChecker({ check, store, intervalMs: 600_000 });
    checker.start();
    checker.start();
    await vi.advanceTimersByTimeAsync(599_999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = checker.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish(report());
    await stopping;
    expect(store.values.get(LEDGER_CHECK_KEY)).toMatchObject({ trigger: 'schedule', ok: true });
    await vi.advanceTimersByTimeAsync(1_200_000);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
