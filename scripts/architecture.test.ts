import {
  existsSync,
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Architecture rules the code must keep: web features stay independent, no package has import cycles, API modules
// have no cycles between their folders either, and only their repositories reach the database.
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

/**
 * The folders directly under `dir` (API modules), each with the other folders its files import (tests and type-only
 * imports included); files directly in `dir` are left out.
 */
export function folderGraph(dir: string): Map<string, string[]> {
  const folderOf = (file: string) => {
    const parts = path.relative(dir, file).split(path.sep);
    return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
  };
  const out = new Map<string, Set<string>>();
  for (const [file, imports] of graph(dir)) {
    const from = folderOf(file);
    if (!from) continue;
    const targets = out.get(from) ?? new Set<string>();
    out.set(from, targets);
    for (const target of imports) {
      const to = folderOf(target);
      if (to && to !== from) targets.add(to);
    }
  }
  return new Map([...out].map(([folder, targets]) => [folder, [...targets].sort()]));
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

  it('finds a cycle between module folders (the folder check itself works)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'petheart-architecture-'));
    try {
      const write = (file: string, source: string) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), source);
      };
      // a → b (one file) and b → a (another file): no file-level cycle, a folder-level one.
      write('a/service.ts', "import { y } from '../b/presenter';\nexport const x = y;\n");
      write('a/policy.ts', 'export const z = 1;\n');
      write('b/presenter.ts', 'export const y = 2;\n');
      write('b/service.ts', "import type { z } from '../a/policy';\nexport type Z = typeof z;\n");
      write('c/index.ts', "import { x } from '../a/service';\nexport const w = x;\n");
      write('root.ts', "import { w } from './c';\nexport const v = w;\n");
      expect(findCycles(graph(dir))).toEqual([]);
      const folders = folderGraph(dir);
      expect(folders).toEqual(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', ['a']],
        ]),
      );
      expect(findCycles(folders)).toEqual([['a', 'b', 'a']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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

  it('API modules have no import cycles between their folders', () => {
    const cycles = findCycles(folderGraph(path.join(root, 'apps/api/src/modules')));
    expect(cycles.map((c) => c.join(' → '))).toEqual([]);
  });

  it('API modules reach the database only through repositories', () => {
    // Routes (public and console), services, presenters, policies and entry files never query: their
    // repositories do (services may hold a transaction's handle, typed from db/client).
    const modules = path.join(root, 'apps/api/src/modules');
    const offenders = walk(modules)
      .filter((f) => /(routes|service|presenter|policy|index)\.ts$/.test(f))
      .filter((f) => /from ['"]drizzle-orm|db\/schema['"]/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });
});
