import { describe, expect, it } from 'vitest';
import { retryOnCheck, retryOnConflict, sqlState, statementCheckFailed } from './sql-state';

const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe('retryOnConflict', () => {
  it('runs again after a deadlock or a serialization failure, and answers the run that worked', async () => {
    const codes = ['40P01', '40001'];
    let runs = 0;
    const answer = await retryOnConflict(() => {
      const code = codes[runs++];
      return code ? Promise.reject(failure(code)) : Promise.resolve('done');
    });
    expect(answer).toBe('done');
    expect(runs).toBe(3);
  });

  it('gives up after its tries, and never retries another error', async () => {
    let runs = 0;
    await expect(
      retryOnConflict(() => {
        runs++;
        return Promise.reject(failure('40P01'));
      }),
    ).rejects.toThrow('40P01');
    expect(runs).toBe(3);
    runs = 0;
    await expect(
      retryOnConflict(() => {
        runs++;
        return Promise.reject(new Error('boom', { cause: failure('23505') }));
      }),
    ).rejects.toThrow('boom');
    expect(runs).toBe(1);
  });

  it('finds the SQL state in an error or its causes', () => {
    expect(sqlState(new Error('wrapped', { cause: failure('40001') }))).toBe('40001');
    expect(sqlState(new Error('plain'))).toBeUndefined();
  });

  it("answers a failed statement check's message, under drizzle's wrapping too, and nothing for other errors", () => {
    const check = Object.assign(new Error('not every item was new'), { code: 'PH001' });
    expect(statementCheckFailed(check)).toBe('not every item was new');
    expect(statementCheckFailed(new Error('Failed query: …', { cause: check }))).toBe('not every item was new');
    expect(statementCheckFailed(failure('23505'))).toBeUndefined();
    expect(statementCheckFailed(new Error('plain'))).toBeUndefined();
  });
});

describe('retryOnCheck', () => {
  const checkFailed = (message: string) => Object.assign(new Error(message), { code: 'PH001' });

  it('runs again when a named check failed, up to its tries; never on another check or error', async () => {
    let runs = 0;
    const answer = await retryOnCheck(['changed meanwhile'], () =>
      ++runs < 3 ? Promise.reject(checkFailed('changed meanwhile')) : Promise.resolve('done'),
    );
    expect([answer, runs]).toEqual(['done', 3]);
    runs = 0;
    await expect(
      retryOnCheck(['changed meanwhile'], () => {
        runs++;
        return Promise.reject(checkFailed('changed meanwhile'));
      }),
    ).rejects.toThrow('changed meanwhile');
    expect(runs).toBe(3);
    for (const error of [checkFailed('overdrawn'), failure('40P01'), new Error('other')]) {
      runs = 0;
      await expect(
        retryOnCheck(['changed meanwhile'], () => {
          runs++;
          return Promise.reject(error);
        }),
      ).rejects.toBe(error);
      expect(runs).toBe(1);
    }
  });
});
