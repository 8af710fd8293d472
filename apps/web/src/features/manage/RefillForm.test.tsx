import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stationCareEndpoints, uploadEndpoints, type DeviceHealth } from '@petheart/contracts';
import type { ApiCall } from '../../test-support/app';
import { renderApp } from '../../test-support/app';
import { SENT_REFRESH_MS } from './components/HealthSheet';
import { Fail, SLOW, allowPointerCapture, device, health, refill, stubManage } from './test/fixtures';

/** antd-mobile's popup animates in (pointer-events: none meanwhile, which jsdom never finishes). */
const sheetUser = () => userEvent.setup({ pointerEventsCheck: 0 });
const refills = (calls: ApiCall[]) => calls.filter((c) => c.endpoint === stationCareEndpoints.refill);

/** The manage page with station PH-0001 (health `h`), its health sheet opened and loaded. */
async function openSheet(h: DeviceHealth, extra?: (c: ApiCall) => unknown) {
  const calls = stubManage({ devices: [device(1)], healths: { 'PH-0001': h } }, extra);
  renderApp('/pages/manage/manage', { token: 'tok' });
  const card = await screen.findByTestId('device-card', {}, SLOW);
  await userEvent.click(within(card).getByRole('button', { name: 'Station health' }));
  const sheet = await screen.findByTestId('health-sheet');
  await within(sheet).findByTestId('care-hopper');
  return { calls, sheet, grams: within(sheet).getByLabelText('Food added (grams)') };
}

describe('recording a refill', () => {
  beforeAll(allowPointerCapture);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for 1 to 100000 whole grams, in the contract’s words, before sending anything', async () => {
    const { calls, sheet, grams } = await openSheet(health());
    const submit = within(sheet).getByRole('button', { name: 'Record refill' });
    for (const typed of ['', '0', '12.5', '100001', 'abc']) {
      await sheetUser().clear(grams);
      if (typed) await sheetUser().type(grams, typed);
      await sheetUser().click(submit);
      expect(await within(sheet).findByRole('alert'), `"${typed}"`).toHaveTextContent(
        'A refill is 1 to 100000 whole grams',
      );
    }
    expect(grams).toHaveAttribute('aria-invalid', 'true');
    expect(refills(calls)).toHaveLength(0);
  });

  it('sends the grams and an uploaded photo; the refill appears, sent to the station', async () => {
    const { calls, sheet, grams } = await openSheet(health({ refills: [refill(1)] }));
    await sheetUser().type(grams, ' 2500 ');
    const input = sheet.querySelector<HTMLInputElement>('input[type="file"]');
    await sheetUser().upload(input as HTMLInputElement, new File(['png'], 'hopper.png', { type: 'image/png' }));
    await waitFor(() => {
      expect(calls.filter((c) => c.endpoint === uploadEndpoints.upload)).toHaveLength(1);
    });
    await waitFor(() => {
      expect(within(sheet).getByRole('button', { name: 'Record refill' })).toBeEnabled();
    });
    await sheetUser().click(within(sheet).getByRole('button', { name: 'Record refill' }));
    expect(await screen.findByText('Refill recorded')).toBeInTheDocument();
    expect(refills(calls).map((c) => c.body)).toEqual([
      { device_id: 'PH-0001', grams: 2500, photo: '/uploads/2026/refill.png' },
    ]);
    await waitFor(() => {
      expect(within(sheet).getAllByTestId('care-refill')).toHaveLength(2);
    });
    const [added] = within(sheet).getAllByTestId('care-refill');
    expect(added).toHaveTextContent('2.5kg');
    expect(within(added as HTMLElement).getByTestId('care-refill-status')).toHaveTextContent('Sent to the station');
    expect(within(added as HTMLElement).getByRole('img', { name: 'Photo of the refill' })).toHaveAttribute(
      'src',
      '/uploads/2026/refill.png',
    );
    expect(grams).toHaveValue('');
  });

  it('a refill without a photo sends an empty photo', async () => {
    const { calls, sheet, grams } = await openSheet(health());
    await sheetUser().type(grams, '800');
    await sheetUser().click(within(sheet).getByRole('button', { name: 'Record refill' }));
    await waitFor(() => {
      expect(refills(calls).map((c) => c.body)).toEqual([{ device_id: 'PH-0001', grams: 800, photo: '' }]);
    });
    expect(await within(sheet).findByText('800g')).toBeInTheDocument();
  });

  it('shows the server’s refusal at the field it names, and any other refusal as a toast', async () => {
    let answer: Fail = new Fail(400, 'validation_failed', 'A refill is 1 to 100000 whole grams', [
      { path: 'grams', message: 'A refill is 1 to 100000 whole grams' },
    ]);
    const { calls, sheet, grams } = await openSheet(health(), (c) =>
      c.endpoint === stationCareEndpoints.refill ? answer : undefined,
    );
    await sheetUser().type(grams, '900');
    await sheetUser().click(within(sheet).getByRole('button', { name: 'Record refill' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('A refill is 1 to 100000 whole grams');

    answer = new Fail(403, 'not_operator', 'You are not a base operator');
    await sheetUser().click(within(sheet).getByRole('button', { name: 'Record refill' }));
    expect(await screen.findByText('You are not a base operator')).toBeInTheDocument();
    expect(refills(calls)).toHaveLength(2);
    expect(within(sheet).queryAllByTestId('care-refill')).toHaveLength(0);
    expect(within(sheet).queryByRole('alert')).toBeNull();
    expect(grams).toHaveValue('900');
  });

  it('asks the station’s health again while a refill waits for the station, until it is answered', async () => {
    // Fake timers from the start: the health query's refresh timer is made when the sheet opens.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const h = health({ refills: [refill(1, { status: 'sent' })] });
    const { calls, sheet } = await openSheet(h);
    const asked = () => calls.filter((c) => c.endpoint === stationCareEndpoints.health).length;
    expect(within(sheet).getByTestId('care-refill-status')).toHaveTextContent('Sent to the station');
    const before = asked();
    h.refills = [refill(1, { status: 'applied' })];
    await vi.advanceTimersByTimeAsync(SENT_REFRESH_MS);
    await waitFor(() => {
      expect(within(sheet).getByTestId('care-refill-status')).toHaveTextContent('Applied');
    });
    expect(asked()).toBe(before + 1);
    // Answered: no more asking.
    await vi.advanceTimersByTimeAsync(3 * SENT_REFRESH_MS);
    expect(asked()).toBe(before + 1);
  });
});
