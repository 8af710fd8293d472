import {
  CashoutConfigSchema,
  CashoutLogDataSchema,
  LedgerCheckStateSchema,
  SupportApplicationListDataSchema,
  SupportEventListDataSchema,
  cashoutQuote,
} from '@petheart/contracts';
import { expect, snap, test } from '../support/fixtures';
import { callApi, rechargeByApi } from '../support/api';
import { ADMIN, DEMO_USER, loginByApi } from '../support/devices';
import { gradientPng } from '../support/png';
import { newUser, signedInPage, snapDrawer } from '../support/pages';
import { deviceOf, summaryOf } from '../support/manage';

/**
 * Issue 6 end to end: a shelter applies, the console approves it and publishes a support event, a user
 * supports an item with coins and the progress shows everywhere; the demo operator's feeder earns from a feed,
 * the operator cashes out and the console processes it until the operator has received it; the ledger holds.
 */
test.describe.configure({ mode: 'serial' });

/** Money as the app and the console show it in English: 10000 → "¥100", 60 → "¥0.60", 25450 → "¥254.50". */
const yuan = (fen: number) =>
  new Intl.NumberFormat('en', {
    style: 'currency',
    currency: 'CNY',
    currencyDisplay: 'narrowSymbol',
    trailingZeroDisplay: 'stripIfInteger',
  }).format(fen / 100);

/** Grams as the app shows them: 20 → "20g", 1020 → "1.02kg". */
const grams = (g: number) =>
  g < 1000 ? `${String(g)}g` : `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(g / 1000)}kg`;

test('a shelter applies, the console approves it and publishes an event, a user supports an item with coins', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const suffix = String(Date.now()).slice(-6);
  const shelter = `Xuhui Paws ${suffix}`;
  const eventTitle = `Vaccines for ${shelter}`;
  const nickname = `Helper ${suffix}`;
  const token = await newUser(url, 'shelter', nickname);
  const user = await signedInPage(browser, url, token);

  // The application: the shelter's details, a type of support, the place found through the local geocoder.
  await user.goto('/pages/beneficence/apply');
  await expect(user.getByRole('heading', { level: 1, name: 'Apply for support' })).toBeVisible();
  await user.getByLabel('Shelter name').fill(shelter);
  await user.getByLabel('Applicant', { exact: true }).fill('Chen Yu');
  await user.getByLabel('Mobile number').fill('13912345678');
  await user.getByLabel('WeChat ID').fill('xuhui_paws');
  await user.getByLabel('Number of animals').fill('12');
  await user.getByRole('radio', { name: 'Medical care' }).click();
  await expect(user.getByRole('radio', { name: 'Medical care' })).toHaveAttribute('aria-checked', 'true');
  await user.getByRole('searchbox', { name: "Search for the shelter's place" }).fill('Xujiahui');
  const places = user.getByRole('list', { name: "Search for the shelter's place" });
  const place = places.getByRole('button', { name: /Xujiahui Park Shelter Point/ });
  await expect(place).toContainText('Zhaojiabang Road, Xuhui District, Shanghai');
  await places.scrollIntoViewIfNeeded();
  await snap(user, 'support-apply-suggestions', 'en');
  await place.click();
  await expect(user.getByTestId('picked-place')).toContainText('Picked on the map: Xujiahui Park Shelter Point');
  await expect(user.getByTestId('picked-place')).toContainText('31.19510, 121.43760');
  await expect(user.getByLabel('Address', { exact: true })).toHaveValue('Zhaojiabang Road, Xuhui District, Shanghai');
  await user.getByLabel('What the shelter needs (optional)').fill('Twelve cats need their yearly vaccines.');
  await user.getByRole('button', { name: 'Submit application' }).click();

  // Pending in My applications.
  await expect(user).toHaveURL('/pages/beneficence/apply?view=mine');
  const mine = user.getByTestId('application').filter({ hasText: shelter });
  await expect(mine.getByTestId('application-status')).toHaveText('Pending');
  await expect(mine).toContainText('We will review it soon.');
  await expect(mine).toContainText('Type: Medical care · 12 animals');
  await snap(user, 'support-my-applications-pending', 'en');
  const applications = SupportApplicationListDataSchema.parse(
    (await callApi(url, '/support/applications', { page: 1, limit: 10 }, token)).data,
  );
  const application = applications.list.find((a) => a.name === shelter);
  if (!application) throw new Error('the application is not in My applications');
  expect(application).toMatchObject({ status: 0, latitude: 31.1951, longitude: 121.4376, animal_nums: 12 });

  // The console approves it and publishes a support event with one item.
  const adminToken = await loginByApi(url, ADMIN.email, ADMIN.password);
  const admin = await signedInPage(browser, url, adminToken, 'en', true);
  await admin.goto('/admin/support-applications');
  await expect(admin.getByRole('heading', { level: 1, name: 'Support applications' })).toBeVisible();
  const row = admin.getByTestId(`application-row-${String(application.id)}`);
  await expect(row).toContainText(shelter);
  await expect(row).toContainText('Chen Yu · 13912345678');
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: 'Review' }).click();
  const review = admin.getByTestId('application-review');
  await expect(review).toContainText('xuhui_paws');
  await expect(review).toContainText('31.19510, 121.43760');
  await expect(review).toContainText('Twelve cats need their yearly vaccines.');
  await snapDrawer(admin, 'console-support-review');
  await review.getByRole('button', { name: 'Approve' }).click();
  const confirm = admin.locator('.adm-dialog-body');
  await expect(confirm).toContainText('Approve this application?');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(review.getByTestId('application-events')).toContainText('No event published yet');
  await expect(review).toContainText(/Reviewed by admin@petheart\.local/);
  await review.getByRole('button', { name: 'Publish a support event' }).click();
  const form = admin.getByRole('form', { name: `New event for ${shelter}` });
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue(shelter);
  await form.getByLabel('Title', { exact: true }).fill(eventTitle);
  await form.getByLabel('Description', { exact: true }).fill('A round of vaccines for the twelve cats of the shelter.');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: gradientPng(640, 360) });
  await expect(form.getByRole('img', { name: 'Cover image' })).toBeVisible();
  await form.getByLabel('Item of item 1').fill('Vaccine shots');
  await form.getByLabel('Coins per point of item 1').fill('10');
  await form.getByLabel('One point gives of item 1').fill('One vaccine shot');
  await form.getByLabel('Target points of item 1').fill('5');
  await snapDrawer(admin, 'console-support-event-form');
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByText('Published: it is on the Events tab now')).toBeVisible();
  await expect(review.getByTestId('application-events')).toContainText('1 event published');
  // Out of the queue of pending applications.
  await expect(row).toHaveCount(0);

  const events = SupportEventListDataSchema.parse((await callApi(url, '/support/events', { page: 1, limit: 50 })).data);
  const event = events.list.find((e) => e.title === eventTitle);
  if (!event) throw new Error('the published event is not on the Events tab');
  expect(event).toMatchObject({ status: 'live', completed: 0, target: 5, supporters: 0, item_count: 1 });

  // The applicant sees it approved, with the way to the event.
  await user.reload();
  await expect(mine.getByTestId('application-status')).toHaveText('Approved');
  await mine.getByRole('link', { name: 'View the event' }).click();
  await expect(user).toHaveURL(`/pages/beneficence/detail?id=${String(event.id)}`);
  const item = user.getByTestId('support-item').filter({ hasText: 'Vaccine shots' });
  await expect(item).toContainText('10 coins / point');
  await expect(item).toContainText('Each point: One vaccine shot');
  await expect(item.getByTestId('progress-text')).toHaveText('0 / 5 points');
  await expect(user.getByRole('heading', { level: 2, name: eventTitle })).toBeVisible();
  const station = user.getByRole('region', { name: 'Rescue station' });
  await expect(station).toContainText(shelter);
  await expect(station).toContainText('Zhaojiabang Road, Xuhui District, Shanghai');

  // No coins yet: supporting asks to recharge; 60 coins through the sandbox.
  await item.getByRole('button', { name: 'Support', exact: true }).click();
  const sheet = user.getByTestId('support-sheet');
  await expect(sheet).toContainText('Your balance: 0');
  await sheet.getByRole('button', { name: 'Support with 10 coins' }).click();
  const prompt = user.getByTestId('recharge-prompt');
  await expect(prompt.getByRole('heading', { name: 'Insufficient balance' })).toBeVisible();
  await prompt.getByRole('button', { name: 'Recharge' }).click();
  await expect(user).toHaveURL('/pages/money/money');
  await user.getByTestId('package-1').click();
  await user.getByRole('button', { name: 'Pay ¥6' }).click();
  await expect(user.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
  await user.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(user.getByText('Payment done')).toBeVisible();
  await user.getByRole('link', { name: 'Back to the app' }).click();
  await expect(user.getByTestId('order-result')).toHaveAttribute('data-phase', 'paid');
  await expect(user.getByTestId('money-balance')).toHaveText('60');

  // Two points (20 coins): the item's and the event's progress, the supporters.
  await user.goto(`/pages/beneficence/detail?id=${String(event.id)}`);
  await item.getByRole('button', { name: 'Support', exact: true }).click();
  await expect(sheet).toContainText('Your balance: 60');
  await expect(sheet).toContainText('Still needed: 5 points');
  await sheet.getByRole('button', { name: 'One point more' }).click();
  await expect(sheet.getByLabel('Points')).toHaveValue('2');
  await expect(sheet.getByTestId('support-total')).toHaveText('20 coins');
  await sheet.getByRole('button', { name: 'Support with 20 coins' }).click();
  await expect(user.getByText('Thank you for your support!')).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(item.getByTestId('progress-text')).toHaveText('2 / 5 points');
  await expect(item).toContainText('1 supporter');
  await expect(user.getByRole('progressbar', { name: eventTitle })).toHaveAttribute('aria-valuenow', '2');
  const supporter = user.getByTestId('supporter').filter({ hasText: nickname });
  await expect(supporter).toContainText('2 × Vaccine shots');
  await expect(supporter).toContainText('20 coins');
  await user.reload();
  await expect(item.getByTestId('progress-text')).toHaveText('2 / 5 points');
  await expect(user.getByRole('progressbar', { name: eventTitle })).toHaveAttribute('aria-valuetext', '2 / 5 points');
  await snap(user, 'support-detail-progress', 'en');
  // 20 of the 60 coins were given.
  await item.getByRole('button', { name: 'Support', exact: true }).click();
  await expect(sheet).toContainText('Your balance: 40');
  await expect(sheet).toContainText('Still needed: 3 points');
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();

  // The Events tab shows the progress.
  await user.goto('/pages/beneficence/beneficence');
  const card = user.getByTestId('event-card').filter({ hasText: eventTitle });
  await expect(card.getByTestId('progress-text')).toHaveText('2 / 5 points');
  await expect(card).toContainText(`${shelter} · 12 animals`);
  await expect(card).toContainText('1 supporter');
  await snap(user, 'support-events-list', 'en');

  // And so does the console's events view (with the coins raised).
  await admin.goto(`/admin/support-events?application=${String(application.id)}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Support events' })).toBeVisible();
  const eventRow = admin.getByTestId(`event-row-${String(event.id)}`);
  await expect(eventRow).toContainText('2 / 5');
  await expect(eventRow).toContainText('Live');
  await snap(admin, 'console-support-events', 'en');
  await eventRow.getByRole('button', { name: 'Edit' }).click();
  await expect(admin.getByTestId('event-facts')).toContainText('20 coins');
  await expect(admin.getByTestId('item-row-0').getByRole('cell').nth(4)).toHaveText('2');
  await snapDrawer(admin, 'console-support-event');
  await admin.context().close();
  await user.context().close();
});

test('the demo operator earns from a feed, cashes out, the console pays it and the operator receives it', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const suffix = String(Date.now()).slice(-6);
  const operatorToken = await loginByApi(url, DEMO_USER.email, DEMO_USER.password);
  const before = await summaryOf(url, operatorToken);
  const feedsBefore = (await deviceOf(url, operatorToken, 'PH-0001')).feeds_today;

  // A user feeds 20 g at PH-0001 (the demo operator's feeder) in its live room.
  const feederToken = await newUser(url, 'payer', `Payer ${suffix}`);
  await rechargeByApi(url, feederToken);
  const feeder = await signedInPage(browser, url, feederToken);
  await feeder.goto('/pages/live/live?device_id=PH-0001');
  await expect(feeder.getByTestId('feeder-state')).toHaveText('Feeder online');
  await expect(feeder.getByTestId('feed-button')).not.toHaveAttribute('aria-disabled', 'true');
  await feeder.getByTestId('feed-button').click();
  const feedSheet = feeder.getByTestId('feed-sheet');
  await feedSheet.getByRole('radio', { name: /^20g/ }).click();
  await feedSheet.getByRole('button', { name: 'Feed 20g for 18 coins' }).click();
  await expect(feeder.getByText(/^Fed \d+g$/)).toBeVisible({ timeout: 20_000 });
  await feeder.context().close();

  // The operator's share lands in today's revenue (the feed settled in the ledger).
  await expect
    .poll(async () => (await summaryOf(url, operatorToken)).revenue_today.coins, { message: 'the revenue share' })
    .toBeGreaterThan(before.revenue_today.coins);
  const earned = await summaryOf(url, operatorToken);
  expect(earned.revenue_today.coins - before.revenue_today.coins).toBe(Math.floor((18 * 3000) / 10_000));
  expect(earned.available.coins).toBe(before.available.coins + earned.revenue_today.coins - before.revenue_today.coins);

  // Device management: the revenue and the feed.
  const operator = await signedInPage(browser, url, operatorToken);
  await operator.goto('/pages/manage/manage');
  await expect(operator.getByRole('heading', { level: 1, name: 'Device management' })).toBeVisible();
  await expect(operator.getByTestId('summary-today')).toHaveText(yuan(earned.revenue_today.amount));
  await expect(operator.getByTestId('summary-total')).toHaveText(yuan(earned.revenue_total.amount));
  await expect(operator.getByTestId('summary-available')).toHaveText(yuan(earned.available.amount));
  const device = operator.getByTestId('device-card').filter({ hasText: 'PH-0001' });
  const fed = await deviceOf(url, operatorToken, 'PH-0001');
  expect(fed.feeds_today).toBe(feedsBefore + 1);
  await expect(device.getByTestId('device-feeds-today')).toHaveText(
    `${String(fed.feeds_today)}${grams(fed.grams_today)}`,
  );
  await expect(device.getByTestId('device-rate')).toHaveText('30%');
  await expect(device.getByTestId('device-online')).toHaveText('Online');
  await snap(operator, 'manage', 'en');

  // The cash-out form: the minimum, then the fee and net amount of 100.00 as it is typed.
  const config = CashoutConfigSchema.parse((await callApi(url, '/cashout/config', {}, operatorToken)).data);
  expect(config.available_amount).toBeGreaterThanOrEqual(10_000);
  const quote = cashoutQuote(10_000, config);
  expect(quote.problem).toBeNull();
  await operator.getByTestId('manage-summary').getByRole('button', { name: 'Cash out', exact: true }).click();
  await expect(operator).toHaveURL('/pages/cashOut/cashOut');
  await expect(operator.getByTestId('cashout-available')).toHaveText(yuan(config.available_amount));
  const amount = operator.getByLabel('Amount');
  const quotePanel = operator.getByTestId('cashout-quote');
  await expect(quotePanel.getByTestId('quote-minimum')).toHaveText(yuan(config.min_amount));
  await amount.fill('50');
  await expect(quotePanel.getByTestId('quote-net')).toHaveText('—');
  await expect(operator.locator('#cashout-amount-error')).toHaveText(
    `The minimum cash-out amount is ${yuan(config.min_amount)}`,
  );
  await amount.fill('100');
  await expect(quotePanel.getByTestId('quote-fee')).toHaveText(yuan(quote.fee));
  await expect(quotePanel.getByTestId('quote-net')).toHaveText(yuan(quote.net_amount));
  await operator.getByLabel('Bank').fill('China Merchants Bank');
  await operator.getByLabel('Card number').fill('6217001234567893');
  await expect(operator.getByLabel('Card number')).toHaveValue('6217 0012 3456 7893');
  await operator.getByLabel('Account holder').fill('Demo Operator');
  await operator.getByLabel('Mobile number').fill('13800138000');
  await snap(operator, 'cashout-form', 'en');
  await operator.getByRole('button', { name: 'Submit' }).click();

  // The log: amount, fee, net, the masked card, pending.
  await expect(operator).toHaveURL('/pages/cashOut/log');
  const mine = operator.getByTestId('cashout-row').filter({ hasText: '****7893' });
  await expect(mine.getByTestId('cashout-status')).toHaveText('Pending');
  await expect(mine.getByTestId('cashout-amount')).toHaveText(yuan(10_000));
  await expect(mine.getByTestId('cashout-fee')).toHaveText(yuan(quote.fee));
  await expect(mine.getByTestId('cashout-net')).toHaveText(yuan(quote.net_amount));
  await expect(mine).not.toContainText('6217001234567893');
  await snap(operator, 'cashout-log-pending', 'en');
  const log = CashoutLogDataSchema.parse(
    (await callApi(url, '/cashout/log', { page: 1, limit: 10 }, operatorToken)).data,
  );
  const cashout = log.list.find((c) => c.card_number.endsWith('7893') && c.status === 'applying');
  if (!cashout) throw new Error('the cash-out is not in the log');
  expect(cashout).toMatchObject({ amount: 10_000, fee: quote.fee, net_amount: quote.net_amount });
  // Held from the earnings at request time.
  const held = await summaryOf(url, operatorToken);
  expect(held.held.coins).toBe(earned.held.coins + quote.coins);
  expect(held.available.coins).toBe(earned.available.coins - quote.coins);

  // The console: the whole card number only here; approve, then mark transferred.
  const adminToken = await loginByApi(url, ADMIN.email, ADMIN.password);
  const admin = await signedInPage(browser, url, adminToken, 'en', true);
  await admin.goto('/admin/cash-outs');
  await expect(admin.getByRole('heading', { level: 1, name: 'Cash-outs' })).toBeVisible();
  const row = admin.getByTestId(`cashout-row-${String(cashout.id)}`);
  await expect(row).toContainText('demo@petheart.local');
  await expect(row).toContainText('****7893');
  await expect(row.getByTestId('cashout-status')).toHaveText('Pending');
  await snap(admin, 'console-cashouts', 'en');
  await row.getByRole('button', { name: 'Process' }).click();
  const detail = admin.getByTestId('cashout-detail');
  await expect(detail).toContainText('6217001234567893');
  await expect(detail).toContainText('Held');
  const actions = detail.getByTestId('cashout-actions');
  await expect(actions.getByRole('button')).toHaveText(['Close', 'Start review', 'Approve', 'Reject']);
  await actions.getByRole('button', { name: 'Approve' }).click();
  const actionForm = detail.getByTestId('cashout-action-form');
  await expect(actionForm).toContainText(`Approve cash-out #${String(cashout.id)}?`);
  await actionForm.getByRole('button', { name: 'Approve' }).click();
  await expect(detail.getByTestId('cashout-status')).toHaveText('Processing');
  await actions.getByRole('button', { name: 'Mark transferred' }).click();
  await actionForm.getByLabel('Note (optional)').fill(`Transfer ref ${suffix}`);
  await actionForm.getByRole('button', { name: 'Mark transferred' }).click();
  await expect(detail.getByTestId('cashout-status')).toHaveText('Ready to Claim');
  const history = detail.getByTestId('cashout-history');
  await expect(history.getByRole('row')).toHaveCount(5);
  await expect(history.getByRole('row').nth(4)).toContainText('Processing → Ready to Claim');
  await expect(history.getByRole('row').nth(4)).toContainText('Console: Admin');
  await expect(history.getByRole('row').nth(4)).toContainText(`Transfer ref ${suffix}`);
  await snapDrawer(admin, 'console-cashout-process');
  await expect(row.getByTestId('cashout-status')).toHaveText('Ready to Claim');

  // The operator confirms receiving it: successful.
  await operator.reload();
  await expect(mine.getByTestId('cashout-status')).toHaveText('Ready to Claim');
  await mine.getByRole('button', { name: 'I have received it' }).click();
  const dialog = operator.locator('.adm-dialog-body');
  await expect(dialog).toContainText(`Confirm that ${yuan(quote.net_amount)} has arrived in your account?`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(mine.getByTestId('cashout-status')).toHaveText('Successful');
  await expect(mine.getByTestId('cashout-fee')).toHaveText(yuan(quote.fee));
  await expect(mine.getByTestId('cashout-net')).toHaveText(yuan(quote.net_amount));
  await expect(mine.getByRole('button', { name: 'I have received it' })).toHaveCount(0);
  await snap(operator, 'cashout-log-successful', 'en');
  const paid = await summaryOf(url, operatorToken);
  expect(paid.held.coins).toBe(earned.held.coins);
  expect(paid.available.coins).toBe(earned.available.coins - quote.coins);

  // The console shows who did what, the operator's claim last; nothing is left to do.
  await admin.reload();
  await row.getByRole('button', { name: 'View' }).click();
  await expect(detail.getByTestId('cashout-status')).toHaveText('Successful');
  await expect(history.getByRole('row').last()).toContainText('Ready to Claim → Successful');
  await expect(history.getByRole('row').last()).toContainText('The operator');
  await expect(detail).toContainText('Paid out');
  await expect(actions).toContainText('Nothing more to do: this cash-out has ended.');
  await snapDrawer(admin, 'console-cashout-done');
  await admin.context().close();
  await operator.context().close();
});

test('the ledger invariants hold after both journeys', async ({ browser, baseURL }) => {
  const url = baseURL ?? '';
  const adminToken = await loginByApi(url, ADMIN.email, ADMIN.password);
  const admin = await signedInPage(browser, url, adminToken, 'en', true);
  await admin.goto('/admin/ledger');
  await expect(admin.getByRole('heading', { level: 1, name: 'Ledger' })).toBeVisible();
  await admin.getByRole('button', { name: 'Run now' }).click();
  await expect(admin.getByTestId('ledger-check-status')).toHaveText('OK');
  await expect(admin.getByText(/Checked .* run by an admin/)).toBeVisible();
  await snap(admin, 'console-ledger-final', 'en');
  await admin.context().close();

  const state = LedgerCheckStateSchema.parse((await callApi(url, '/admin/ledger/check', {}, adminToken)).data);
  expect(state.latest).toMatchObject({ ok: true, trigger: 'manual', problem_count: 0, problems: [] });
});
