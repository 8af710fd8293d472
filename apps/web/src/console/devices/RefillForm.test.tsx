import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toast } from 'antd-mobile';
import {
  deviceConsoleEndpoints,
  stationCareConsoleEndpoints,
  type DeviceRefill,
  type Endpoint,
} from '@petheart/contracts';
import { holdApi, renderApp } from '../../test-support/app';
import { SLOW } from '../shared/console-test-support';
import { formatTimestamp } from '../sections';
import { failOnce, refillCalls, refillOf, stubCare } from './device-care-test-support';
import { OPENED_MS, health, refill } from './health-test-support';

const user = userEvent.setup();
const PAGE = '/admin/devices/PH-0001';
const MESSAGE = 'A refill is 1 to 100000 whole grams';

const form = () => within(screen.getByRole('form', { name: 'Record a refill' }));
const refills = () => within(screen.getByRole('list', { name: 'Last refills' }));

/** The care page with one earlier refill; the API's health has each refill recorded since, first. */
async function open() {
  const recorded: DeviceRefill[] = [refill({ id: 1, grams: 2000 })];
  const calls = stubCare({
    health: () => health({ refills: [...recorded] }),
    refill: (grams) => {
      const made = refillOf(grams);
      recorded.unshift(made);
      return made;
    },
  });
  renderApp(PAGE, { token: 'admin-token' });
  await screen.findByRole('form', { name: 'Record a refill' }, SLOW);
  return calls;
}

async function send(value: string) {
  const input = form().getByRole('textbox', { name: 'Food added (g)' });
  await user.clear(input);
  if (value) await user.type(input, value);
  await user.click(form().getByRole('button', { name: 'Record refill' }));
}

describe('recording a refill', { timeout: 30_000 }, () => {
  afterEach(() => {
    Toast.clear();
    vi.unstubAllGlobals();
  });

  it('sends the grams and shows the new refill first among the last refills, at once and after the refresh', async () => {
    const calls = await open();
    // The health's refresh waits: the refill shows from the answer itself.
    const held = holdApi(stationCareConsoleEndpoints.health);
    await send('2500');
    const sent = `2,500 g by Admin, ${formatTimestamp((OPENED_MS + 60_000) / 1000, 'en') ?? ''} Sent`;
    await waitFor(() => {
      expect(refills().getAllByRole('listitem')[0]).toHaveTextContent(sent);
    });
    expect(refills().getAllByRole('listitem')).toHaveLength(2);
    expect(await screen.findByText('Refill recorded')).toBeInTheDocument();
    expect(form().getByRole('textbox')).toHaveValue('');
    expect(refillCalls(calls).map((c) => c.body)).toEqual([{ device_id: 'PH-0001', grams: 2500 }]);

    // The health and the care log (the refill is a care command) are asked again; the refill stays first.
    const asked = (endpoint: Endpoint) => calls.filter((c) => c.endpoint === endpoint).length;
    const before = asked(stationCareConsoleEndpoints.health);
    held.release();
    await waitFor(() => {
      expect(asked(stationCareConsoleEndpoints.health)).toBeGreaterThan(before);
    });
    expect(asked(deviceConsoleEndpoints.careLog)).toBeGreaterThan(1);
    expect(
      refills()
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([sent, expect.stringMatching(/^2,000 g by Admin/)]);
  });

  it('refuses grams the contract refuses, with its message, sending nothing', async () => {
    const calls = await open();
    for (const bad of ['0', '100001', '12.5', '1e3', 'abc', '-5', '']) {
      await send(bad);
      expect(form().getByRole('alert')).toHaveTextContent(MESSAGE);
    }
    expect(refillCalls(calls)).toEqual([]);

    await send('100000');
    await waitFor(() => {
      expect(refillCalls(calls).map((c) => c.body.grams)).toEqual([100000]);
    });
    expect(form().queryByRole('alert')).toBeNull();
  });

  it('shows a refusal as the console does and adds nothing, then lets the operator try again', async () => {
    const calls = await open();
    failOnce(stationCareConsoleEndpoints.refill, { msg: 'The station is disabled' });
    await send('300');
    expect(await screen.findByText('The station is disabled')).toBeInTheDocument();
    await waitFor(() => {
      expect(form().getByRole('button', { name: 'Record refill' })).toBeEnabled();
    });
    expect(refills().getAllByRole('listitem')).toHaveLength(1);
    expect(form().getByRole('textbox')).toHaveValue('300');

    await user.click(form().getByRole('button', { name: 'Record refill' }));
    await waitFor(() => {
      expect(refills().getAllByRole('listitem')).toHaveLength(2);
    });
    // failOnce answers the refused call itself: the stub records the second only.
    expect(refillCalls(calls).map((c) => c.body)).toEqual([{ device_id: 'PH-0001', grams: 300 }]);
  });
});
