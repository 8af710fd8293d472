import { describe, expect, it } from 'vitest';
import type { BatchTransactions } from '../../db/batch-transaction';
import { HOLDS_DID_NOT_FIT } from '../ledger/batch';
import { FeedIntake, type FeedTap, type TapResult } from './intake';

/** A failed statement check, as PostgreSQL reports it (SQLSTATE PH001, migration 0014). */
const checkFailed = (message: string) => Object.assign(new Error(message), { code: 'PH001' });

/** An intake whose transactions fail with `failures` in turn, then answer every tap with `answer`. */
function intakeFailing(failures: Error[], answer: TapResult) {
  const calls = { transactions: 0 };
  const transactions = ((): Promise<unknown> => {
    calls.transactions++;
    const failure = failures.shift();
    return failure ? Promise.reject(failure) : Promise.resolve([answer]);
  }) as unknown as BatchTransactions;
  const unused = () => {
    throw new Error('not reached: the stubbed transaction never runs its work');
  };
  const intake = new FeedIntake({
    transactions,
    batchIn: unused,
    ledgerBatchIn: unused,
    commands: { insertManyIn: unused },
    defaultPortions: () => Promise.resolve([]),
    clock: { now: () => new Date('2026-11-22T10:00:00Z') },
    concurrentWriters: true,
  });
  return { intake, calls };
}

const tap = {} as FeedTap;

describe('FeedIntake batches that lose a race', () => {
  it('run again when a wallet was spent between the read and the holds, and answer from the new decision', async () => {
    const { intake, calls } = intakeFailing([checkFailed(HOLDS_DID_NOT_FIT)], {
      kind: 'refused',
      error: 'insufficient_balance',
    });
    await expect(intake.submit(tap)).resolves.toEqual({ kind: 'refused', error: 'insufficient_balance' });
    expect(calls.transactions).toBe(2);
  });

  it('give up after three tries, and never retry any other failed check', async () => {
    const race = () => checkFailed(HOLDS_DID_NOT_FIT);
    const stuck = intakeFailing([race(), race(), race()], { kind: 'replay' });
    await expect(stuck.intake.submit(tap)).rejects.toThrow(HOLDS_DID_NOT_FIT);
    expect(stuck.calls.transactions).toBe(3);
    const other = intakeFailing([checkFailed('a batch of postings overdrew an account')], { kind: 'replay' });
    await expect(other.intake.submit(tap)).rejects.toThrow('overdrew');
    expect(other.calls.transactions).toBe(1);
  });
});
