// `npm test`: lint, typecheck, unit, integration and browser tests, in that order.
// Prints a plain `<suite>: N passed, N failed` line per test suite and a total, and exits non-zero on any failure.
// Usage: npm test [-- --only lint,typecheck,unit,integration,e2e]
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bin, root, run } from './lib.mjs';

const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1].split(',')) : null;
const want = (step) => !only || only.has(step);
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results = [];
let failed = false;

function counts(file, kind) {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    if (kind === 'vitest')
      return { passed: json.numPassedTests, failed: json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0) };
    const s = json.stats;
    return { passed: s.expected + s.flaky, failed: s.unexpected };
  } catch {
    return null;
  }
}

async function step(name, cmd, args, options) {
  console.log(`\n▶ ${name}`);
  const code = await run(cmd, args, options);
  if (code !== 0) failed = true;
  return code;
}

async function suite(name, cmd, args, report, kind, options) {
  const code = await step(name, cmd, args, options);
  const c = counts(report, kind) ?? { passed: 0, failed: 1 };
  if (code !== 0 && c.failed === 0) c.failed = 1; // the runner failed outside any test
  results.push({ name, ...c });
  console.log(`${name}: ${c.passed} passed, ${c.failed} failed`);
}

const vitest = (project, name) => {
  const report = path.join(reports, `${name}.json`);
  return suite(
    name,
    bin('vitest'),
    [
      'run',
      ...project.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    report,
    'vitest',
  );
};

if (want('lint')) {
  await step('lint (eslint)', bin('eslint'), ['.', '--max-warnings=0']);
  await step('format (prettier)', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
}
if (want('typecheck')) {
  for (const ws of ['.', 'packages/contracts', 'apps/api', 'apps/web', 'apps/feeder', 'e2e', 'bench']) {
    await step(`typecheck ${ws}`, bin('tsc'), ['-p', ws]);
  }
}
if (want('unit')) await vitest(['unit', 'web', 'web-isolated'], 'unit');
if (want('integration')) await vitest(['integration'], 'integration');
if (want('e2e')) {
  const code = await step('browser prerequisites', process.execPath, [path.join(root, 'scripts/ensure-chromium.mjs')]);
  if (code === 0) {
    await step('build web app', bin('vite'), ['build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web') });
    const report = path.join(reports, 'e2e.json');
    await suite('e2e', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], report, 'playwright', {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    });
  } else {
    results.push({ name: 'e2e', passed: 0, failed: 1 });
    console.log('e2e: 0 passed, 1 failed');
  }
}

const total = results.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed }), {
  passed: 0,
  failed: 0,
});
console.log('\nSummary');
for (const r of results) console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed`);
console.log(`total: ${total.passed} passed, ${total.failed} failed`);
if (failed) console.log('Some steps failed (see above).');
process.exit(failed ? 1 : 0);
