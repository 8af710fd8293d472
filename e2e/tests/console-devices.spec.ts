import path from 'node:path';
import { expect, screenshotDir, snap, test } from '../support/fixtures';
import { ADMIN } from '../support/devices';
import { readStationFile, runStation } from '../support/station';

test('the console creates a base, provisions a device whose secret is shown once, sees it live, and disables it', async ({
  page,
}, testInfo) => {
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

  // The station's setup: its file for a chosen hardware, as a download and a QR code, and the install line.
  const setup = dialog.getByRole('region', { name: 'Set up the station' });
  await setup.getByLabel('Hardware').selectOption({ label: 'Relay motor, HX711 scale, USB camera' });
  const relayFile = testInfo.outputPath('relay-station.json');
  const [relayDownload] = await Promise.all([
    page.waitForEvent('download'),
    setup.getByRole('button', { name: 'Download station.json' }).click(),
  ]);
  await relayDownload.saveAs(relayFile);
  expect(relayDownload.suggestedFilename()).toBe('station.json');
  expect(readStationFile(relayFile)).toMatchObject({ device: id, secret, hardware: { motor: { kind: 'relay' } } });
  await expect(setup.getByRole('img', { name: 'QR code of the station file' })).toBeVisible();
  expect(await field('Install on the board')).toMatch(
    /^curl -fsSL http:\/\/[^ ]+\/station\/install\.sh \| sudo bash -s -- station\.json$/,
  );
  await setup.getByLabel('Hardware').selectOption({ label: 'Simulated (try it out)' });
  const simFile = testInfo.outputPath('sim-station.json');
  const [simDownload] = await Promise.all([
    page.waitForEvent('download'),
    setup.getByRole('button', { name: 'Download station.json' }).click(),
  ]);
  await simDownload.saveAs(simFile);
  await page.screenshot({ path: path.join(screenshotDir, 'console-provisioned-en.png') });
  await page.getByRole('button', { name: 'I have saved the secret' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  // The bundled agent runs on the downloaded station file: its row goes online (the view refreshes itself).
  const row = page.getByRole('row').filter({ hasText: id });
  await expect(row).toContainText('Offline');
  expect(readStationFile(simFile).media?.ingest).toBe(rtmpUrl.slice(0, rtmpUrl.indexOf(`/${id}?`)));
  const fleet = runStation(simFile);
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
