import { defineConfig } from 'vitest/config';

/**
 * Test projects: `unit` (next to the code; the web app's run in jsdom) and `integration`
 * (the API through app.inject / a listening server, against PGlite, or PostgreSQL when DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/feeder/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'integration',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/api/test/global-setup.ts'],
        },
      },
    ],
  },
});
