import path from 'node:path';
import { expect, screenshotDir, snap, test } from '../support/fixtures';
import { ADMIN, startFeeder } from '../support/devices';

test('the console creates a base, provisions a device whose secret is shown once, sees it live, and disables it', async ({
  page,
}) => {
  const suffix = String(Date.now()).slice(-6);
  const baseName = `E2E Base ${suffix}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // A base with its coordinates.
  await page.getByRole('navigation').getByRole('link', { name: 'Bases' }).click();
  await expect(page).toHaveURL(/\/admin\/bases$/);
  await page.getByRole('button', { name: 'New base' }).click();
  await page.getByLabel('Name', { exact: true }).fill(baseName);
  await page.getByLabel('Address', { exact: true }).fill('1 Test Road, Shanghai');
  await page.getByLabel('Latitude').fill('31.2304');
  await page.getByLabel('Longitude').fill('121.4737');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: baseName })).toHaveCount(1);

  // Provision a device there: its ID and secret are shown this once.
  await page.getByRole('navigation').getByRole('link', { name: 'Devices' }).click();
  await page.getByRole('button', { name: 'Provision a device' }).click();
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Provision', exact: true }) });
  await form.getByLabel('Base', { exact: true }).selectOption({ label: baseName });
  await form.getByLabel('Name', { exact: true }).fill('Console feeder');
  await form.getByRole('button', { name: 'Provision', exact: true }).click();
  const dialog = page.locator('.adm-dialog-body');
  await expect(dialog).toContainText('It is shown this once');
  // Each value sits beside its own copy button (the innermost element holding both).
  const field = async (label: string) =>
    (await dialog
      .locator('div', { has: page.getByRole('button', { name: `Copy: ${label}`, exact: true }) })
      .last()
      .locator('code')
      .textContent()) ?? '';
  const id = await field('Device ID');
  const secret = await field('Secret');
  const rtmpUrl = await field('Camera stream (RTMP)');
  expect(id).toMatch(/^PH-\d{4}$/);
  expect(secret.length).toBeGreaterThanOrEqual(32);
  expect(rtmpUrl).toContain(`/live/${id}?key=`);
  await page.screenshot({ path: path.join(screenshotDir, 'console-provisioned-en.png') });
  await page.getByRole('button', { name: 'I have saved the secret' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  // The device connects with that secret: its row goes online (the view refreshes itself).
  const row = page.getByRole('row').filter({ hasText: id });
  await expect(row).toContainText('Offline');
  const fleet = await startFeeder({ id, secret, rtmpUrl, baseId: 0 });
  try {
    await expect(row.getByText('Offline')).toHaveCount(0, { timeout: 15_000 });
    await expect(row.getByText('Online')).toHaveCount(2);
    await snap(page, 'console-devices', 'en');

    // Disabled: its sessions end and it shows offline and disabled.
    await row.getByRole('button', { name: 'Disable' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(row.getByText('Disabled')).toBeVisible();
    await expect(row.getByText('Offline')).toHaveCount(2, { timeout: 15_000 });
  } finally {
    await fleet.stop();
  }
});
