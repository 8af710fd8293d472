import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import type { Clock } from '../lib/clock';
import type { FeedStatsService } from '../modules/feed-stats/service';
import { ImpactRepository } from '../modules/impact/repository';
import { ImpactService } from '../modules/impact/service';
import { StatementJob } from '../modules/statement/job';
import { Pseudonyms, pseudonymKey } from '../modules/statement/pseudonym';
import { StatementRepository } from '../modules/statement/repository';
import { StatementService } from '../modules/statement/service';
import { proofClipFfmpeg } from './proof';

/** How long after a month's end its statements are generated (movements of its last instant have committed). */
const STATEMENT_GRACE_MS = 3_600_000;
const STATEMENT_INTERVAL_MS = 86_400_000;

/** Monthly statements per base and "My impact" (issue 28 §4). */
export async function wireStatements({
  config,
  database,
  clock,
  feedStats,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  feedStats: FeedStatsService;
}) {
  const pseudonyms = new Pseudonyms(await pseudonymKey(config.statement.pseudonymKey, config.statement.dir));
  if (
    !config.statement.pseudonymKey &&
    database.kind === 'postgres' &&
    config.env === 'production' &&
    config.logLevel !== 'silent'
  )
    console.warn(
      '[statements] no STATEMENT_PSEUDONYM_KEY: pseudonyms use a key in DATA_DIR/statement; every API process needs it',
    );
  const statements = new StatementService({
    repo: new StatementRepository(database.db),
    clock,
    pseudonyms,
    graceMs: STATEMENT_GRACE_MS,
  });
  const statementJob = new StatementJob({
    statements,
    intervalMs: STATEMENT_INTERVAL_MS,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[statements]', error);
    },
  });
  const impact = new ImpactService({
    repo: new ImpactRepository(database.db),
    clock,
    certificate: (userId) => feedStats.certificate(userId),
    pseudonym: (userId) => pseudonyms.of(userId),
    // The feeds' proof clips as their receipts tell them (composition/feeding.ts gives the feed service the same).
    proofView: { assetHost: config.assetHost, clipping: proofClipFfmpeg(config) !== undefined },
  });
  return { statements, statementJob, impact };
}
