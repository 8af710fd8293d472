import { sql, type SQL } from 'drizzle-orm';

/**
 * The one definition of which support gifts belong to a base (docs/statements.md, issue 28 §3 and §4): the
 * gifts with coins and the help-pay payments to support requests whose applicant is the base's operator — the
 * operator the base has when it is read (bases.operator_id, passed by the caller). A base without an operator
 * has none; an operator of several bases has the same gifts on each. The base's public account
 * (AccountLedgerRepository.supportPostings) and its monthly statement (StatementRepository.movements) both read
 * this subquery, so the page and the statement cannot count them differently.
 *
 * Columns: `id` (the gift's), `kind` ('gift' for coins, 'help_pay'), `user_id` (who gave or paid),
 * `transaction_id` (its ledger transaction). Use it as `FROM (${baseSupportGiftsSql(operatorId)}) g`.
 */
export function baseSupportGiftsSql(operatorId: number | null): SQL {
  const applicant = operatorId === null ? sql`false` : sql`ap.user_id = ${operatorId}::int`;
  return sql`
    SELECT g.id, CASE WHEN g.source = 'coins' THEN 'gift' ELSE 'help_pay' END AS kind, g.user_id,
      g.ledger_transaction_id AS transaction_id
    FROM support_gifts g
    JOIN support_events ev ON ev.id = g.event_id
    JOIN support_applications ap ON ap.id = ev.application_id
    WHERE ${applicant}`;
}
