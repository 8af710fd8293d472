import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { webProject } from './apps/web/vitest.config.ts';

const WEB = fileURLToPath(new URL('./apps/web', import.meta.url));
/** Web tests that replace modules or globals (vi.mock, vi.stubGlobal…), relative to apps/web. */
const WEB_ISOLATED = readdirSync(path.join(WEB, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.join('src', file))
  .filter((file) => /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(readFileSync(path.join(WEB, file), 'utf8')));

/**
 * Test projects: `unit` (next to the code; the web app's run in jsdom) and `integration`
 * (the API through app.inject / a listening server, against PGlite, or PostgreSQL when DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves one core out: one file at a time on a 2-core
    // machine, where the integration tests mostly wait on their databases and servers.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/feeder/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            // The web app's build code (its plugins' logic), in Node like the build.
            'apps/web/build/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      // The web app's tests share one jsdom per worker (a fresh one per file cost ~2 s each); those that
      // replace modules (vi.mock) or globals get their own, since a shared module registry would leak them.
      webProject({ name: 'web', isolate: false, exclude: WEB_ISOLATED }),
      webProject({ name: 'web-isolated', include: WEB_ISOLATED }),
      {
        test: {
          name: 'integration',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app (no module-level state: one composition root), so a worker's files
          // share one module registry: importing the API once per worker, not once per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/api/test/global-setup.ts'],
        },
      },
    ],
  },
});
