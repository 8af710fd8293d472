import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';

/**
 * The architecture rules, as lint (issue 25 §2, decision 031): they show in the editor and fail `npm run lint`.
 * - apps/web/src: features never import each other, the console or app/; the console never imports features;
 *   console areas never import each other (only console/shared and console/sections.ts); console/shared never
 *   imports an area or the shell; shared/ never imports features, the console or app/ (import-x zones).
 * - no file-level import cycles (import-x/no-cycle);
 * - API modules: no import cycles between their folders, and only repositories reach the database (local rules).
 */
const root = path.resolve(import.meta.dirname, '../..');
const web = 'apps/web/src';
const modulesDir = path.join(root, 'apps/api/src/modules');

const dirs = (rel) =>
  existsSync(path.join(root, rel))
    ? readdirSync(path.join(root, rel)).filter((n) => statSync(path.join(root, rel, n)).isDirectory())
    : [];

function webZones() {
  const features = dirs(`${web}/features`);
  const areas = dirs(`${web}/console`).filter((n) => n !== 'shared');
  const consoleTop = readdirSync(path.join(root, web, 'console'))
    .filter((n) => !areas.includes(n) && n !== 'shared' && n !== 'sections.ts')
    .map((n) => `./${web}/console/${n}`);
  return [
    ...features.map((f) => ({
      target: `./${web}/features/${f}`,
      from: [`./${web}/features`, `./${web}/console`, `./${web}/app`],
      except: [`./${f}`],
      message: 'A feature imports only shared/ and its own folder (never another feature, the console or app/).',
    })),
    { target: `./${web}/console`, from: `./${web}/features`, message: 'The console never imports features.' },
    ...areas.map((a) => ({
      target: `./${web}/console/${a}`,
      from: [...areas.filter((o) => o !== a).map((o) => `./${web}/console/${o}`), ...consoleTop],
      message: 'A console area imports only console/shared, console/sections.ts and its own folder.',
    })),
    {
      target: `./${web}/console/shared`,
      from: [...areas.map((o) => `./${web}/console/${o}`), ...consoleTop],
      message: 'console/shared never imports an area or the shell (only console/sections.ts).',
    },
    {
      target: `./${web}/shared`,
      from: [`./${web}/features`, `./${web}/console`, `./${web}/app`],
      message: 'shared/ never imports features, the console or app/.',
    },
  ];
}

const SOURCE = /\.(ts|tsx)$/;
function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : SOURCE.test(name) ? [full] : [];
  });
}
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
/** The API module a file or import target belongs to (its folder under modules/), or undefined. */
function moduleOf(file) {
  const parts = path.relative(modulesDir, file).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
}
/** modules/<a> → the set of modules its files import, read afresh when older than a second (editors). */
let cached = { at: 0, graph: new Map() };
function moduleGraph() {
  if (Date.now() - cached.at < 1000) return cached.graph;
  const graph = new Map();
  for (const file of walk(modulesDir)) {
    const from = moduleOf(file);
    if (!from) continue;
    const set = graph.get(from) ?? new Set();
    graph.set(from, set);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = moduleOf(path.resolve(path.dirname(file), m[1] ?? m[2] ?? ''));
      if (to && to !== from) set.add(to);
    }
  }
  cached = { at: Date.now(), graph };
  return graph;
}
/** A path of modules from `start` back to `goal`, or undefined. */
function pathBetween(graph, start, goal) {
  const seen = new Set();
  const visit = (n, trail) => {
    if (n === goal) return trail;
    if (seen.has(n)) return undefined;
    seen.add(n);
    for (const next of graph.get(n) ?? []) {
      const found = visit(next, [...trail, next]);
      if (found) return found;
    }
    return undefined;
  };
  return visit(start, [start]);
}

function importSources(context, check) {
  const on = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node, node.source.value);
  };
  return { ImportDeclaration: on, ExportNamedDeclaration: on, ExportAllDeclaration: on, ImportExpression: on };
}

const moduleCycles = {
  meta: { type: 'problem', docs: { description: 'No import cycles between API module folders' }, schema: [] },
  create(context) {
    const from = moduleOf(context.filename);
    if (!from) return {};
    return importSources(context, (node, source) => {
      if (!source.startsWith('.')) return;
      const to = moduleOf(path.resolve(path.dirname(context.filename), source));
      if (!to || to === from) return;
      const back = pathBetween(moduleGraph(), to, from);
      if (back)
        context.report({
          node,
          message: `Import cycle between API modules: ${[from, ...back].join(' → ')}. Own the port in the module that needs it.`,
        });
    });
  },
};

const repositoryOnlyDatabase = {
  meta: { type: 'problem', docs: { description: 'Only repositories reach the database' }, schema: [] },
  create(context) {
    if (!moduleOf(context.filename) || !/(routes|service|presenter|policy|index)\.ts$/.test(context.filename))
      return {};
    return importSources(context, (node, source) => {
      if (source === 'drizzle-orm' || source.startsWith('drizzle-orm/') || /db\/schema$/.test(source))
        context.report({
          node,
          message: 'Routes, services, presenters, policies and entry files never query: their repository does.',
        });
    });
  },
};

const local = { rules: { 'module-cycles': moduleCycles, 'repository-only-database': repositoryOnlyDatabase } };

export const architecture = [
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX, architecture: local },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'architecture/module-cycles': 'error',
      'architecture/repository-only-database': 'error',
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: webZones() }] },
  },
  {
    // Decision 032: the web app calls endpoints through their objects in packages/contracts, never by path
    // (scripts/endpoint-paths.test.ts also finds paths written without the /api prefix, and in comments).
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', `${web}/test-support/**`],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/api\\//]', 'TemplateElement[value.raw=/^\\/api\\//]'].map((selector) => ({
          selector,
          message: 'Call the endpoint through its object in packages/contracts (api.call, endpointUrl), not by path.',
        })),
      ],
    },
  },
];
