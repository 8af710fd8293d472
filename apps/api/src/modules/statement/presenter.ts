import { endpointUrl, statementEndpoints, type StatementFormat, type StatementSummary } from '@petheart/contracts';
import { seconds } from '../../lib/time';
import type { StatementSummaryRow } from './repository';

/** The download address of a statement's JSON or CSV. */
export function statementUrl(baseId: number, month: string, format: StatementFormat): string {
  return endpointUrl(statementEndpoints.download, {}, { base_id: String(baseId), month, format });
}

export function toSummary(row: StatementSummaryRow): StatementSummary {
  return {
    month: row.month,
    lines: row.lines,
    prev_hash: row.prevHash,
    hash: row.hash,
    created_at: seconds(row.createdAt),
    json_url: statementUrl(row.baseId, row.month, 'json'),
    csv_url: statementUrl(row.baseId, row.month, 'csv'),
  };
}
