import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser end-to-end tests at phone size against the real product: the API (PGlite, fresh data folder)
 * serving the built web app, with mail going to a real local SMTP server (see support/global-setup.ts).
 * Build the web app first: `cd apps/web && npx vite build`.
 */
const root = path.resolve(import.meta.dirname, '..');
const scratch = path.join(root, '.tmp', 'e2e');
for (const dir of ['xdg-config', 'xdg-cache', 'tmp']) mkdirSync(path.join(scratch, dir), { recursive: true });
// Chromium and Playwright keep their profiles and caches in the scratch folder, not in $HOME or /tmp.
process.env.XDG_CONFIG_HOME = path.join(scratch, 'xdg-config');
process.env.XDG_CACHE_HOME = path.join(scratch, 'xdg-cache');
process.env.TMPDIR = path.join(scratch, 'tmp');
process.env.PETHEART_E2E_SCRATCH = scratch;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // npm test asks for a JSON report too (PLAYWRIGHT_JSON_OUTPUT_NAME) to print its pass/fail line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['iPhone 13 Mini'],
        browserName: 'chromium',
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        locale: 'en-US',
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
