import { createRequire } from 'node:module';
import { configDefaults, defineProject, type UserWorkspaceConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { messagesPlugin } from './vite-messages-plugin.ts';

const require = createRequire(import.meta.url);
const here = (spec: string) => require.resolve(spec, { paths: [import.meta.dirname] });
const routerDev = (file: string) =>
  here('react-router/package.json').replace(/package\.json$/, `dist/development/${file}`);
const pkgFile = (pkg: string, file: string) => here(`${pkg}/package.json`).replace(/package\.json$/, file);
const REACT = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom/client',
  'react-dom/test-utils',
];

/**
 * npm hoists React 18 to the repository root (see vite.config.ts) and nests React 19 here. Libraries that
 * vitest would load straight from the root through Node (react-router, antd-mobile, testing-library…) must
 * go through vite instead, so the aliases give every one of them apps/web's React 19.
 */
const base = {
  plugins: [react(), messagesPlugin()],
  resolve: {
    dedupe: REACT,
    alias: [
      ...REACT.map((spec) => ({ find: new RegExp(`^${spec}$`), replacement: here(spec) })),
      // CommonJS `main`s would be required by Node from the root (React 18): use their ES builds
      // react-router's "node" condition picks CommonJS: use its ES development build
      { find: /^react-router$/, replacement: routerDev('index.mjs') },
      { find: /^react-router\/dom$/, replacement: routerDev('dom-export.mjs') },
      { find: /^react-i18next$/, replacement: pkgFile('react-i18next', 'dist/es/index.js') },
      { find: /^@tanstack\/react-query$/, replacement: pkgFile('@tanstack/react-query', 'build/modern/index.js') },
      { find: /^antd-mobile$/, replacement: here('antd-mobile').replace(/cjs\/index\.js$/, 'es/index.js') },
      { find: /^antd-mobile-icons$/, replacement: here('antd-mobile-icons').replace(/cjs\/index\.js$/, 'es/index.js') },
      // its `main` is CommonJS (Node would require the root React 18): use the ES build, which vite inlines
      {
        find: /^@testing-library\/react$/,
        replacement: here('@testing-library/react').replace(/dist\/index\.js$/, 'dist/@testing-library/react.esm.js'),
      },
    ],
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // A test that opens and closes antd-mobile dialogs waits for their animations, on frames a loaded machine is
    // slow to give: 5 s (vitest's default) was too little for a confirmation's Cancel on CI at b0a9574.
    testTimeout: 15_000,
    // antd-mobile's popups open and close on react-spring springs, and under load one now and then never ends:
    // a dialog stayed at opacity 0 without being removed, a toast never appeared. Three of eighteen full web runs
    // on this 2-core machine failed one such test, after different files (`--sequence.shuffle` with the failing
    // seed passed on rerun), while animation frames kept coming (a probe after each test saw one every time).
    // Turning the animations off (react-spring's skipAnimation) hangs the publish page's uploader. A failed test
    // runs again, up to twice; one that fails three times in a row is a failure.
    retry: 2,
  },
} satisfies UserWorkspaceConfig;

/** The web app's test project with other options (the root config makes two: shared jsdom, and isolated). */
export const webProject = (test: { name: string; isolate?: boolean; include?: string[]; exclude?: string[] }) =>
  defineProject({
    ...base,
    test: {
      ...base.test,
      ...test,
      exclude: [...configDefaults.exclude, ...(test.exclude ?? [])],
    },
  });

export default defineProject(base);
