import { execFile } from 'node:child_process';
import path from 'node:path';
import type { DeviceAck } from '@petheart/contracts';
import type { deviceCommands, feeds } from '../src/db/schema';

const root = path.resolve(import.meta.dirname, '../../..');

/** Runs `npm run ledger:check -- --json`'s program against the stopped API's data. */
export function ledgerCheck(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'apps/api/src/ledger-check.ts'), '--json'],
      { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

type FeedRow = typeof feeds.$inferSelect;
type CommandRow = typeof deviceCommands.$inferSelect;

/** Food fell: the agent's run dispensed grams. */
const fell = (runs: readonly DeviceAck[]) => runs.some((r) => r.outcome === 'dispensed' && r.grams > 0);

/**
 * The crash test's food accounts (decision 026), from the feeds and their commands' rows against what the
 * agents executed (`executions`: their answers by command id, re-sends not counted):
 * - chargedNeverExecuted: feeds charged although no food fell;
 * - givenFree: feeds refunded whose command records the device's answer that food fell (the console's list);
 * - executedUnpaid: portions that fell, neither charged nor recorded as given free;
 * - paidLate: feeds made before the restart and charged from an answer heard after it.
 */
export function foodAccounts(
  rows: readonly FeedRow[],
  commands: ReadonlyMap<string, CommandRow>,
  executions: ReadonlyMap<string, readonly DeviceAck[]>,
  restartedAt: Date,
) {
  const chargedNeverExecuted = rows.filter((f) => f.coinsCharged > 0 && !fell(executions.get(f.commandId) ?? []));
  const givenFree = rows.filter((f) => {
    const c = commands.get(f.commandId);
    const ran = executions.get(f.commandId)?.[0];
    return f.status === 'failed' && c?.outcome === 'dispensed' && (c.grams ?? 0) > 0 && c.grams === ran?.grams;
  });
  const executedUnpaid = rows.filter(
    (f) => fell(executions.get(f.commandId) ?? []) && f.coinsCharged === 0 && !givenFree.includes(f),
  );
  const paidLate = rows.filter((f) => {
    const answered = commands.get(f.commandId)?.ackedAt ?? null;
    return f.coinsCharged > 0 && f.createdAt < restartedAt && answered !== null && answered >= restartedAt;
  });
  return {
    chargedNeverExecuted: chargedNeverExecuted.length,
    givenFree,
    executedUnpaid: executedUnpaid.length,
    paidLate: paidLate.length,
  };
}
