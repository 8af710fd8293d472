import { expect, snap, test } from '../support/fixtures';
import { ADMIN } from '../support/devices';

/**
 * Issue 27 §3: an admin looks after a station from the console: a test dispense (free, never a feed), a report
 * of its versions and log, a tare — each answered by the demo's simulated station (the real agent, simulated
 * motor and scale), and kept in the care log.
 */
test('an admin tests, reports on and tares a station from the console, and the care log keeps it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Devices' }).click();
  await page.getByRole('row').filter({ hasText: 'PH-0002' }).getByRole('link', { name: 'Look after' }).click();
  await expect(page).toHaveURL(/\/admin\/devices\/PH-0002$/);
  await expect(page.getByText('Running', { exact: true })).toBeVisible({ timeout: 15_000 });

  await page.getByLabel('Grams').fill('12');
  await page.getByRole('button', { name: 'Dispense' }).click();
  await expect(page.getByText(/^Dispensed \d+ g$/).first()).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Ask for a report' }).click();
  await expect(page.getByText(/^Versions: agent petheart-feeder\/[\d.]+, Node\.js v\d+/)).toBeVisible({
    timeout: 30_000,
  });
  // The newest lines of the agent's own log (with the secret redacted).
  await expect(page.getByText(/info ready/)).toBeVisible();

  await page.getByRole('button', { name: 'Tare', exact: true }).click();
  await expect(page.getByText(/^Calibration: zero/)).toBeVisible({ timeout: 30_000 });

  const log = page.getByRole('table').filter({ hasText: 'Who' });
  await expect(log.getByRole('row')).toHaveCount(4); // the header and three commands
  await expect(log.getByRole('row').nth(1)).toContainText('Tare');
  await snap(page, 'console-station-care', 'en');
});
