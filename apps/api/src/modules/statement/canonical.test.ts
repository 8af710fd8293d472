import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StatementDocument } from '@petheart/contracts';
import * as script from '../../../../../scripts/verify-statement.mjs';
import { GENESIS_HASH, canonicalJson, sortLines, statementCsv, statementHash, statementJson } from './canonical';

const line = (over: Partial<StatementDocument['lines'][number]> = {}): StatementDocument['lines'][number] => ({
  time: '2025-01-02T03:04:05.006Z',
  entry: 2,
  tx: 1,
  kind: 'feed',
  account: 'user_wallet',
  user: 'u_0123456789abcdef',
  amount: -10,
  grams: 10,
  ref: 'feed:00000000-0000-4000-8000-000000000000',
  ...over,
});

const doc: StatementDocument = {
  version: 1,
  base_id: 7,
  month: '2025-01',
  prev_hash: GENESIS_HASH,
  lines: [line(), line({ entry: 3, account: 'platform_revenue', user: null, amount: 10, grams: 0 })],
};

describe('statement bytes', () => {
  it('writes canonical JSON: sorted keys, no whitespace, integers only', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x"y'], c: { z: -2, y: 'é' } })).toBe(
      '{"a":[true,null,"x\\"y"],"b":1,"c":{"y":"é","z":-2}}',
    );
    expect(() => canonicalJson({ a: 1.5 })).toThrow(/safe integers/);
    expect(statementJson(doc)).toMatch(/^\{"base_id":7,"lines":\[\{"account":"user_wallet","amount":-10,/);
  });

  it('hashes the previous hash, a newline and the JSON bytes', () => {
    const json = statementJson(doc);
    const expected = createHash('sha256')
      .update(Buffer.from(`${'0'.repeat(64)}\n${json}`, 'utf8'))
      .digest('hex');
    expect(statementHash(GENESIS_HASH, json)).toBe(expected);
  });

  it('writes the CSV with a header and the same lines, quoting only when it must', () => {
    expect(statementCsv(doc.lines).split('\n')).toEqual([
      'time,entry,tx,kind,account,user,amount,grams,ref',
      '2025-01-02T03:04:05.006Z,2,1,feed,user_wallet,u_0123456789abcdef,-10,10,feed:00000000-0000-4000-8000-000000000000',
      '2025-01-02T03:04:05.006Z,3,1,feed,platform_revenue,,10,0,feed:00000000-0000-4000-8000-000000000000',
      '',
    ]);
    expect(statementCsv([line({ ref: 'a,"b"' })]).split('\n')[1]).toMatch(/,"a,""b"""$/);
  });

  it('sorts lines by time, then entry', () => {
    const sorted = sortLines([
      line({ entry: 9 }),
      line({ entry: 4, time: '2025-01-01T00:00:00.000Z' }),
      line({ entry: 3 }),
    ]);
    expect(sorted.map((l) => l.entry)).toEqual([4, 3, 9]);
  });

  it('agrees byte for byte with the standalone verifier', () => {
    const json = statementJson(doc);
    expect(script.canonicalJson(JSON.parse(json))).toBe(json);
    expect(script.statementHash(GENESIS_HASH, Buffer.from(json))).toBe(statementHash(GENESIS_HASH, json));
    expect(script.statementCsv(doc.lines)).toBe(statementCsv(doc.lines));
    const checked = script.checkStatement(Buffer.from(json));
    expect(checked.problems).toEqual([]);
    expect(script.checkStatement(Buffer.from(`${json}\n`)).problems).toEqual([
      'is not in canonical form (sorted keys, no spaces, no final newline): its bytes were changed',
    ]);
  });
});
