// `npm test`: lint, typecheck, unit, integration and browser tests, in that order.
// Prints a plain `<suite>: N passed, N failed` line per test suite and a total, and exits non-zero on any failure.
// Usage: npm test [-- --only lint,typecheck,unit,integration,e2e]
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { bin, root, run } from './lib.mjs';

const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1].split(',')) : null;
const want = (step) => !only || only.has(step);
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results = [];
const failedSteps = [];
const timings = [];
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

const firstLines = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .slice(0, 6)
    .join('\n    ');

/**
 * The failed tests named in a report, each with the start of its message; and vitest's tests that passed only
 * when run again (the web projects' `retry`), named so that a flaky test shows.
 */
function failuresIn(file, kind) {
  let json;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return { failures: [], retried: [] };
  }
  const out = [];
  if (kind === 'vitest') {
    const retried = [];
    for (const f of json.testResults ?? []) {
      const rel = path.relative(root, f.name);
      const named = (a) => `${rel} > ${a.fullName}\n    ${firstLines(a.failureMessages?.[0])}`;
      const bad = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
      out.push(...bad.map(named));
      if (f.status === 'failed' && bad.length === 0) out.push(`${rel}\n    ${firstLines(f.message)}`);
      const again = (f.assertionResults ?? []).filter((a) => a.status === 'passed' && a.failureMessages?.length);
      retried.push(...again.map(named));
    }
    return { failures: out, retried };
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') {
          const error = t.results?.at(-1)?.error?.message;
          out.push(`${spec.file} > ${spec.title} [${t.projectName}]\n    ${firstLines(error)}`);
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const s of json.suites ?? []) walk(s);
  for (const e of json.errors ?? []) out.push(`(outside any test)\n    ${firstLines(e.message)}`);
  return { failures: out, retried: [] };
}

async function step(name, cmd, args, options) {
  console.log(`\n▶ ${name}`);
  const began = Date.now();
  const code = await run(cmd, args, options);
  timings.push(`${name}: ${Math.round((Date.now() - began) / 1000)} s`);
  if (code !== 0) {
    failed = true;
    failedSteps.push(name);
  }
  return code;
}

/** A step run beside others: its output goes to a file under the reports, printed once it has ended. */
async function quietStep(name, cmd, args) {
  const log = path.join(reports, `${name.replace(/\W+/g, '-')}.log`);
  const fd = openSync(log, 'w');
  const began = Date.now();
  const code = await run(cmd, args, { stdio: ['ignore', fd, fd] });
  closeSync(fd);
  timings.push(`${name}: ${Math.round((Date.now() - began) / 1000)} s`);
  console.log(`\n▶ ${name}\n${readFileSync(log, 'utf8')}`);
  if (code !== 0) {
    failed = true;
    failedSteps.push(name);
  }
  return code;
}

async function suite(name, cmd, args, report, kind, options) {
  const code = await step(name, cmd, args, options);
  const c = counts(report, kind) ?? { passed: 0, failed: 1 };
  if (code !== 0 && c.failed === 0) c.failed = 1; // the runner failed outside any test
  const { failures, retried } = failuresIn(report, kind);
  results.push({ name, ...c, failures, retried });
  console.log(`${name}: ${c.passed} passed, ${c.failed} failed`);
  for (const r of retried) console.log(`passed when run again: ${r}`);
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

// eslint takes one core for ~2.5 minutes (its import rules read every module): it runs beside prettier and the
// typechecks, with its output kept in a file and printed when it is done.
const lint = want('lint') ? quietStep('lint (eslint)', bin('eslint'), ['.', '--max-warnings=0']) : Promise.resolve();
if (want('lint')) await step('format (prettier)', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
if (want('typecheck')) {
  for (const ws of ['.', 'packages/contracts', 'apps/api', 'apps/web', 'apps/feeder', 'e2e', 'bench']) {
    await step(`typecheck ${ws}`, bin('tsc'), ['-p', ws]);
  }
}
await lint;
if (want('unit')) await vitest(['unit', 'web', 'web-isolated'], 'unit');
if (want('integration')) await vitest(['integration'], 'integration');
if (want('e2e')) {
  const code = await step('browser prerequisites', process.execPath, [path.join(root, 'scripts/ensure-chromium.mjs')]);
  if (code === 0) {
    await step('build web app', bin('vite'), ['build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web') });
    await step('build feeder agent', process.execPath, [path.join(root, 'apps/feeder/scripts/bundle.mjs')]);
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
for (const r of results) {
  const again = r.retried?.length ? ` (${r.retried.length} passed only when run again, named above)` : '';
  console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed${again}`);
}
console.log(`total: ${total.passed} passed, ${total.failed} failed`);
console.log(`\nTime per step: ${timings.join(', ')}`);
// What failed, once more at the end and in a file, so that a log's tail (CI keeps only that) says it.
const lines = [
  ...failedSteps.map((s) => `step failed: ${s}`),
  ...results.flatMap((r) => r.failures ?? []).map((f) => `test failed: ${f}`),
];
writeFileSync(path.join(reports, 'failures.txt'), lines.join('\n') + (lines.length ? '\n' : ''));
if (failed) console.log(`\nWhat failed:\n${lines.join('\n')}`);
process.exit(failed ? 1 : 0);
