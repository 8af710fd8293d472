import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The layer rules, import cycles and the repository-only database rule are lint (scripts/eslint/architecture.js,
// tested in scripts/eslint/architecture.test.ts). This one stays a test: web test support is imported only by tests.
const root = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx)$/;

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(full).isDirectory() ? walk(full) : SOURCE.test(name) ? [full] : [];
  });
}

/** Relative imports of a file (static, dynamic, re-exports), resolved to files. Type-only imports count too. */
function relativeImports(file: string, source: string): string[] {
  const specs = [
    ...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] ?? m[2] ?? '');
  return specs
    .map((s) => path.resolve(path.dirname(file), s))
    .map((p) =>
      ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((ext) => p + ext)
        .find((c) => existsSync(c) && statSync(c).isFile()),
    )
    .filter((p): p is string => Boolean(p));
}

function graph(dir: string) {
  const g = new Map<string, string[]>();
  for (const f of walk(dir)) g.set(f, relativeImports(f, readFileSync(f, 'utf8')));
  return g;
}

describe('architecture', () => {
  it('web test support (shared, or a feature’s test/ folder or *-test-support file) is imported only by tests', () => {
    const web = path.join(root, 'apps/web/src');
    const support = path.join(web, 'test-support');
    const isSupport = (file: string) =>
      file.startsWith(support + path.sep) || /[\\/]test[\\/]|-test-support\.tsx?$/.test(path.relative(web, file));
    const offenders: string[] = [];
    for (const [file, imports] of graph(web)) {
      if (/\.test\.tsx?$/.test(file) || isSupport(file)) continue;
      for (const target of imports)
        if (isSupport(target)) offenders.push(`${path.relative(root, file)} → ${path.relative(root, target)}`);
    }
    expect(offenders).toEqual([]);
  });
});
