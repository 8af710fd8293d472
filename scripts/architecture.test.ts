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

// Architecture rules the code must keep: web features stay independent (of each other, of the app shell and of the
// operator console, whose areas share only console/shared), no package has import cycles, API modules have no
// cycles between their folders either, and only their repositories reach the database.
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

/** The web app's layer rules, each checked by webBoundaryViolations. */
export const WEB_RULES = {
  featureToConsole: 'features never import the console',
  consoleToFeature: 'the console never imports features',
  featureToApp: 'features never import app/',
  areaToArea: 'console areas never import another area (only console/shared and console/sections)',
  sharedToArea: 'console/shared never imports an area or the shell (only console/sections)',
} as const;
export type WebRule = keyof typeof WEB_RULES;

/**
 * Where a file of apps/web/src sits: a feature (features/<name>/…), the console's shell (files directly in
 * console/), its shared code (console/shared/…), one of its areas (console/<area>/…), or elsewhere (app, shared…).
 */
function webPlace(web: string, file: string) {
  const parts = path.relative(web, file).split(path.sep);
  if (parts[0] === 'features') return { kind: 'feature', name: parts[1] ?? '' } as const;
  if (parts[0] === 'console' && parts.length === 2) return { kind: 'shell', name: parts[1] ?? '' } as const;
  if (parts[0] === 'console' && parts[1] === 'shared') return { kind: 'consoleShared', name: 'shared' } as const;
  if (parts[0] === 'console') return { kind: 'area', name: parts[1] ?? '' } as const;
  return { kind: 'other', name: parts[0] ?? '' } as const;
}

/** The imports of apps/web/src (or a tree shaped like it) that break WEB_RULES, as `rule: from → to`. */
export function webBoundaryViolations(web: string): { rule: WebRule; edge: string }[] {
  const out: { rule: WebRule; edge: string }[] = [];
  // console/sections.ts (the menu, the base path, date and page helpers) is for the whole console
  const sectionsOnly = (name: string) => name === 'sections.ts';
  for (const [file, imports] of graph(web)) {
    const from = webPlace(web, file);
    for (const target of imports) {
      const to = webPlace(web, target);
      const rule: WebRule | undefined =
        from.kind === 'feature' && ['shell', 'consoleShared', 'area'].includes(to.kind)
          ? 'featureToConsole'
          : ['shell', 'consoleShared', 'area'].includes(from.kind) && to.kind === 'feature'
            ? 'consoleToFeature'
            : from.kind === 'feature' && to.kind === 'other' && to.name === 'app'
              ? 'featureToApp'
              : from.kind === 'area' &&
                  ((to.kind === 'area' && to.name !== from.name) || (to.kind === 'shell' && !sectionsOnly(to.name)))
                ? 'areaToArea'
                : from.kind === 'consoleShared' &&
                    (to.kind === 'area' || (to.kind === 'shell' && !sectionsOnly(to.name)))
                  ? 'sharedToArea'
                  : undefined;
      if (rule) out.push({ rule, edge: `${path.relative(web, file)} → ${path.relative(web, target)}` });
    }
  }
  return out;
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

  it('finds every web layer rule broken (the layer check itself works)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'petheart-web-layers-'));
    try {
      const write = (file: string, source: string) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), source);
      };
      write('app/routes.ts', 'export const r = 1;\n');
      write('shared/api.ts', 'export const api = 1;\n');
      write('console/AdminApp.tsx', "import { u } from './users/UsersView';\nexport const shell = u;\n");
      write('console/sections.ts', 'export const ADMIN_BASE = 1;\n');
      write(
        'console/shared/DataTable.tsx',
        "import { ADMIN_BASE } from '../sections';\nimport { api } from '../../shared/api';\nexport const t = ADMIN_BASE + api;\n",
      );
      write(
        'console/users/UsersView.tsx',
        "import { t } from '../shared/DataTable';\nimport { ADMIN_BASE } from '../sections';\nexport const u = t + ADMIN_BASE;\n",
      );
      write('features/home/HomePage.tsx', "import { api } from '../../shared/api';\nexport const h = api;\n");
      // the allowed imports above break nothing
      expect(webBoundaryViolations(dir)).toEqual([]);
      write(
        'features/home/bad-console.ts',
        "import { t } from '../../console/shared/DataTable';\nexport const b = t;\n",
      );
      write('features/home/bad-app.ts', "import { r } from '../../app/routes';\nexport const b = r;\n");
      write('console/money/bad-feature.ts', "import { h } from '../../features/home/HomePage';\nexport const b = h;\n");
      write('console/money/bad-area.ts', "import { u } from '../users/UsersView';\nexport const b = u;\n");
      write('console/money/bad-shell.ts', "import { shell } from '../AdminApp';\nexport const b = shell;\n");
      write('console/shared/bad-area.ts', "import { u } from '../users/UsersView';\nexport const b = u;\n");
      const edges = (rule: WebRule) =>
        webBoundaryViolations(dir)
          .filter((v) => v.rule === rule)
          .map((v) => v.edge.split(path.sep).join('/'));
      expect(edges('featureToConsole')).toEqual(['features/home/bad-console.ts → console/shared/DataTable.tsx']);
      expect(edges('featureToApp')).toEqual(['features/home/bad-app.ts → app/routes.ts']);
      expect(edges('consoleToFeature')).toEqual(['console/money/bad-feature.ts → features/home/HomePage.tsx']);
      expect(edges('areaToArea').sort()).toEqual([
        'console/money/bad-area.ts → console/users/UsersView.tsx',
        'console/money/bad-shell.ts → console/AdminApp.tsx',
      ]);
      expect(edges('sharedToArea')).toEqual(['console/shared/bad-area.ts → console/users/UsersView.tsx']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('web layers (apps/web/src)', () => {
    const web = path.join(root, 'apps/web/src');
    const violations = webBoundaryViolations(web);
    it('sees the console and the features (the check itself reads the tree)', () => {
      expect(existsSync(path.join(web, 'console/AdminApp.tsx'))).toBe(true);
      expect(existsSync(path.join(web, 'console/shared'))).toBe(true);
      expect(existsSync(path.join(web, 'features/admin'))).toBe(false);
    });
    for (const [rule, text] of Object.entries(WEB_RULES) as [WebRule, string][]) {
      it(text, () => {
        expect(violations.filter((v) => v.rule === rule).map((v) => v.edge)).toEqual([]);
      });
    }
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
