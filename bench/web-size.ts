import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib';

/**
 * Gzip size of the JavaScript the initial route (/) loads: index.html's scripts and preloads, the home page's
 * chunk and its strings (measured by apps/web/scripts/initial-size.mjs on the last build). Target: <= 150 KiB.
 */
export function webInitialRouteSize(): string {
  const script = path.join(root, 'apps/web/scripts/initial-size.mjs');
  try {
    return execFileSync(process.execPath, [script], { encoding: 'utf8' });
  } catch (error) {
    // The script exits 1 when the budget is exceeded; its figures are still the report.
    const out = (error as { stdout?: string }).stdout;
    if (out) return `${out}(over budget)\n`;
    throw error;
  }
}
