import { describe, expect, it } from 'vitest';
import { AUTOVACUUM_DEFAULTS, workDue } from './embedded-maintenance';

describe('workDue (autovacuum thresholds)', () => {
  const table = { table: 't', rows: 1000, dead: 0, modifiedSinceAnalyze: 0, xidAge: 1000 };

  it('counts a table never analyzed (reltuples -1) as empty', () => {
    expect(workDue({ ...table, rows: -1, modifiedSinceAnalyze: 50 })).toEqual([]);
    expect(workDue({ ...table, rows: -1, modifiedSinceAnalyze: 51 })).toEqual(['ANALYZE']);
    expect(workDue({ ...table, rows: -1, dead: 51, modifiedSinceAnalyze: 51 })).toEqual(['VACUUM', 'ANALYZE']);
  });

  it('analyzes past 50 + 10 % of the rows changed, not at it', () => {
    expect(workDue({ ...table, modifiedSinceAnalyze: 150 })).toEqual([]);
    expect(workDue({ ...table, modifiedSinceAnalyze: 151 })).toEqual(['ANALYZE']);
  });

  it('vacuums past 50 + 20 % of the rows dead, not at it', () => {
    expect(workDue({ ...table, dead: 250 })).toEqual([]);
    expect(workDue({ ...table, dead: 251 })).toEqual(['VACUUM']);
    expect(workDue({ ...table, dead: 251, modifiedSinceAnalyze: 151 })).toEqual(['VACUUM', 'ANALYZE']);
  });

  it('vacuums a table whose rows were not frozen for 200 million transactions, however quiet', () => {
    expect(workDue({ ...table, xidAge: 200_000_000 })).toEqual([]);
    expect(workDue({ ...table, xidAge: 200_000_001 })).toEqual(['VACUUM']);
  });

  it('takes other limits', () => {
    const eager = { ...AUTOVACUUM_DEFAULTS, analyzeThreshold: 0, analyzeScale: 0 };
    expect(workDue({ ...table, modifiedSinceAnalyze: 1 }, eager)).toEqual(['ANALYZE']);
    expect(workDue({ ...table, modifiedSinceAnalyze: 0 }, eager)).toEqual([]);
  });
});
