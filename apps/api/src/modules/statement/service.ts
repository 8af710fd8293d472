import {
  STATEMENT_ACCOUNTS,
  statementFileName,
  type StatementDocument,
  type StatementFormat,
  type StatementLine,
  type StatementListData,
} from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { GENESIS_HASH, sortLines, statementCsv, statementHash, statementJson } from './canonical';
import { lastFinishedMonth, monthOf, monthStart, monthsBetween, nextMonth } from './months';
import type { Pseudonyms } from './pseudonym';
import { toSummary } from './presenter';
import type { MovementRow, StatementBase, StatementRepository, StatementRow } from './repository';

export interface StatementServiceDeps {
  repo: StatementRepository;
  clock: Clock;
  pseudonyms: Pseudonyms;
  /** How long after a month's end it is frozen (movements written at its last instant have committed). */
  graceMs: number;
}

/** A statement file as the download sends it. */
export interface StatementFile {
  body: string;
  contentType: string;
  fileName: string;
}

const ACCOUNTS: ReadonlySet<string> = new Set(STATEMENT_ACCOUNTS);

/**
 * Monthly statements per base (issue 28 §4, docs/statements.md): generated once per finished month, in month
 * order, each hash covering the previous month's; stored and served as they are, never rewritten.
 */
export class StatementService {
  constructor(private readonly deps: StatementServiceDeps) {}

  /** The statement lines of some movements, in statement order. */
  lines(rows: readonly MovementRow[]): StatementLine[] {
    return sortLines(
      rows.map((r) => {
        if (!ACCOUNTS.has(r.account)) throw new Error(`statement: unknown account kind ${r.account}`);
        return {
          time: new Date(r.at).toISOString(),
          entry: r.entry,
          tx: r.tx,
          kind: r.kind,
          account: r.account as StatementLine['account'],
          user: r.userId === null ? null : this.deps.pseudonyms.of(r.userId),
          amount: r.amount,
          grams: r.grams,
          ref: r.ref,
        };
      }),
    );
  }

  /**
   * Generates every base's statements of finished months not generated yet; answers how many were stored. A base
   * that fails does not hold up the others (the first failure is thrown at the end; the next pass tries again).
   */
  async generateDue(): Promise<number> {
    const through = lastFinishedMonth(this.deps.clock.now(), this.deps.graceMs);
    let stored = 0;
    const failures: unknown[] = [];
    for (const base of await this.deps.repo.bases()) {
      try {
        stored += await this.generateBase(base, through);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
    return stored;
  }

  /**
   * One base's missing months up to `through`, oldest first, all their movements read in one query. The first
   * statement is the month the base was created, or of its first movement when that came before.
   */
  async generateBase(base: StatementBase, through: string): Promise<number> {
    if (base.lastMonth !== null && base.lastMonth >= through) return 0;
    const end = monthStart(nextMonth(through));
    const after = base.lastMonth === null ? new Date(0) : monthStart(nextMonth(base.lastMonth));
    const rows = await this.deps.repo.movements(base.id, base.operatorId, after, end);
    let from = base.lastMonth === null ? monthOf(base.createdAt) : nextMonth(base.lastMonth);
    for (const row of rows) if (monthOf(new Date(row.at)) < from) from = monthOf(new Date(row.at));
    const months = monthsBetween(from, through);
    if (months.length === 0) return 0;
    const byMonth = new Map<string, MovementRow[]>();
    for (const row of rows) {
      const month = monthOf(new Date(row.at));
      let list = byMonth.get(month);
      if (!list) byMonth.set(month, (list = []));
      list.push(row);
    }
    let prevHash = base.lastHash ?? GENESIS_HASH;
    for (const month of months) {
      const doc: StatementDocument = {
        version: 1,
        base_id: base.id,
        month,
        prev_hash: prevHash,
        lines: this.lines(byMonth.get(month) ?? []),
      };
      const json = statementJson(doc);
      // Another process may have stored this month first: the chain goes on from what is stored.
      const row = await this.deps.repo.insert({
        baseId: base.id,
        month,
        json,
        csv: statementCsv(doc.lines),
        lines: doc.lines.length,
        prevHash,
        hash: statementHash(prevHash, json),
      });
      prevHash = row.hash;
    }
    return months.length;
  }

  /** A base's statements, newest month first (not_found for an unknown base). */
  async list(baseId: number): Promise<StatementListData> {
    if (!(await this.deps.repo.baseExists(baseId))) throw new AppError('not_found');
    return { base_id: baseId, list: (await this.deps.repo.list(baseId)).map(toSummary) };
  }

  /** One statement's bytes, exactly as stored (and hashed, for the JSON). */
  async file(baseId: number, month: string, format: StatementFormat): Promise<StatementFile> {
    const row: StatementRow | undefined = await this.deps.repo.byMonth(baseId, month);
    if (!row) throw new AppError('not_found');
    return {
      body: format === 'json' ? row.json : row.csv,
      contentType: format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
      fileName: statementFileName(baseId, month, format),
    };
  }
}
