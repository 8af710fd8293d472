/**
 * `npm run ledger:check [-- --void-expired] [-- --json]`: the coin ledger's invariant checker (decision 009).
 * Recomputes every balance from the entries and checks every rule; exits 0 when all hold, 1 when a
 * problem is found, 2 when the check could not run. --void-expired first voids pending holds past
 * their expiry (what the API does periodically). Reads the same environment as the server.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config/env';
import { createContainer } from './container';

async function main(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const voidExpired = args.includes('--void-expired');
  const unknown = args.filter((a) => a !== '--json' && a !== '--void-expired');
  if (unknown.length) {
    console.error(`unknown option ${unknown.join(' ')} (use --void-expired, --json)`);
    return 2;
  }
  let config;
  try {
    config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  // PGlite is one process: opening its files while the server has them open would damage them.
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
    console.error(
      `The embedded database in ${pgliteDir} is in use (is the server running?). Stop the server first, ` +
        'or run against PostgreSQL (DATABASE_URL).',
    );
    return 2;
  }
  const container = await createContainer(config);
  try {
    const { ledger } = container.services;
    const voided = voidExpired ? await ledger.voidExpiredHolds() : 0;
    const report = await ledger.checkInvariants();
    if (json) {
      console.log(JSON.stringify({ ...report, voided }, null, 2));
    } else {
      if (voidExpired) console.log(`Voided ${String(voided)} expired hold(s).`);
      console.log(
        `Ledger ${report.ok ? 'OK' : 'PROBLEMS'}: ${String(report.transactions)} transactions, ` +
          `${String(report.entries)} entries, ${String(report.accounts)} accounts, ` +
          `${String(report.pendingHolds)} pending holds (${report.checkedAt.toISOString()}).`,
      );
      for (const p of report.problems) console.log(`  ${p.code}: ${p.detail}`);
    }
    return report.ok ? 0 : 1;
  } finally {
    await container.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 2;
  },
);
