import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Architecture rules the code must keep: web features stay independent, and no package has import cycles.
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
export function relativeImports(file: string, source: string): string[] {
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

/** Returns one cycle (as a list of files) per strongly connected group found by DFS, or none. */
export function findCycles(g: Map<string, string[]>): string[][] {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (n: string) => {
    state.set(n, 'visiting');
    stack.push(n);
    for (const m of g.get(n) ?? []) {
      if (state.get(m) === 'visiting') cycles.push(stack.slice(stack.indexOf(m)).concat(m));
      else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of g.keys()) if (!state.has(n)) visit(n);
  return cycles;
}

describe('architecture', () => {
  it('finds a cycle when there is one (the checker itself works)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(g)).toEqual([['a', 'b', 'c', 'a']]);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  for (const dir of ['packages/contracts/src', 'apps/api/src', 'apps/web/src', 'apps/feeder/src']) {
    it(`${dir} has no import cycles`, () => {
      const rel = (p: string) => path.relative(root, p);
      expect(findCycles(graph(path.join(root, dir))).map((c) => c.map(rel).join(' → '))).toEqual([]);
    });
  }

  it('web features never import another feature', () => {
    const featuresDir = path.join(root, 'apps/web/src/features');
    const offenders: string[] = [];
    for (const [file, imports] of graph(featuresDir)) {
      const own = path.relative(featuresDir, file).split(path.sep)[0];
      for (const target of imports) {
        const rel = path.relative(featuresDir, target);
        if (!rel.startsWith('..') && rel.split(path.sep)[0] !== own)
          offenders.push(`${path.relative(root, file)} → ${path.relative(root, target)}`);
      }
    }
    expect(offenders).toEqual([]);
  });

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

  it('API modules reach the database only through repositories', () => {
    const modules = path.join(root, 'apps/api/src/modules');
    const offenders = walk(modules)
      .filter((f) => /(routes|service)\.ts$/.test(f))
      .filter((f) => /from ['"]drizzle-orm|db\/schema['"]/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });
});
