import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, Toast } from 'antd-mobile';
import { deviceConsoleEndpoints } from '@petheart/contracts';
import { holdApi, renderApp } from '../../test-support/app';
import { SLOW } from '../shared/console-test-support';
import { careCalls, failOnce, stubCare } from './device-care-test-support';

// antd-mobile's dialog buttons have pointer-events: none while it opens.
const user = userEvent.setup({ pointerEventsCheck: 0 });
const PAGE = '/admin/devices/PH-0001';
const BUTTONS = ['Tare', 'Calibrate', 'Dispense', 'Ask for a report', 'Restart'];
/** antd-mobile's Dialog settles after its closing animation, slow on a loaded machine. */
const AFTER_DIALOG = { timeout: 5_000 };

/** The care card titled `title`. */
const card = (title: string) => within(screen.getByRole('form', { name: title }));

async function open() {
  renderApp(PAGE, { token: 'admin-token' });
  await screen.findByRole('button', { name: 'Tare' }, SLOW);
}

/** Sends a card's command (typing `value` into its field first) and answers its answer once shown. */
async function send(title: string, button: string, value?: string) {
  if (value !== undefined) {
    const input = card(title).getByRole('textbox');
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(card(title).getByRole('button', { name: button }));
}
const answer = () => screen.findByTestId('care-answer');
/** Waits until the answer shown says `text`. */
const answered = (text: string) =>
  waitFor(() => {
    expect(screen.getByTestId('care-answer')).toHaveTextContent(text);
  }, AFTER_DIALOG);

describe('the station care actions', { timeout: 30_000 }, () => {
  afterEach(() => {
    Dialog.clear();
    Toast.clear();
    vi.unstubAllGlobals();
  });

  it('sends each kind with its body and shows what the station answered', async () => {
    const calls = stubCare();
    await open();
    expect(card('Test dispense').getByText(/free and never counted as a feed/)).toBeInTheDocument();

    await send('Tare', 'Tare');
    expect(await answer()).toHaveTextContent('TareDone');
    expect(await answer()).toHaveTextContent('Calibration: zero 81234, 412.5 counts per gram');

    await send('Calibrate', 'Calibrate', '500');
    await answered('Calibrate · known weight 500 gFailed');
    expect(await answer()).toHaveTextContent('The station said: the tray reads what it read at the tare');

    await send('Test dispense', 'Dispense', '15');
    await answered('Test dispense · 15 gDispensed 14 g');

    await send('Report', 'Ask for a report', '20');
    const log = await screen.findByRole('generic', { name: 'Station log (3 lines)' });
    expect(log.tagName).toBe('PRE');
    expect(log.textContent).toBe('09:00:01 agent started\n09:00:02 connected to the broker\n09:00:03 scale ready');
    expect(await answer()).toHaveTextContent('Versions: agent 1.4.2, Node.js v20.11.1, ffmpeg 6.1');
    expect(await answer()).toHaveTextContent('Runs configuration version 2');

    await send('Restart', 'Restart');
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Restart the agent of PH-0001\?/ })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    await answered('RestartThe station did not answer');

    expect(careCalls(calls).map((c) => c.body)).toEqual([
      { device_id: 'PH-0001', command: { kind: 'tare' } },
      { device_id: 'PH-0001', command: { kind: 'calibrate', known_grams: 500 } },
      { device_id: 'PH-0001', command: { kind: 'test_dispense', grams: 15 } },
      { device_id: 'PH-0001', command: { kind: 'report', log_lines: 20 } },
      { device_id: 'PH-0001', command: { kind: 'restart' } },
    ]);
  });

  it('asks for the last 50 log lines unless told otherwise, and restarts only once confirmed', async () => {
    const calls = stubCare();
    await open();
    expect(card('Report').getByRole('textbox')).toHaveValue('50');
    await send('Report', 'Ask for a report');
    await screen.findByRole('generic', { name: 'Station log (3 lines)' });

    await send('Restart', 'Restart');
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Restart the agent/ })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    }, AFTER_DIALOG);
    expect(careCalls(calls).map((c) => c.body.command)).toEqual([{ kind: 'report', log_lines: 50 }]);
  });

  it('disables every action and says it waits for the station while a command is out', async () => {
    const calls = stubCare();
    await open();
    const held = holdApi(deviceConsoleEndpoints.care);
    await send('Test dispense', 'Dispense', '20');
    expect(await screen.findByRole('status')).toHaveTextContent('Waiting for the station to answer (up to 45 s)…');
    for (const name of BUTTONS) expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.queryByTestId('care-answer')).toBeNull();

    held.release();
    expect(await answer()).toHaveTextContent('Dispensed 14 g');
    expect(screen.queryByRole('status')).toBeNull();
    for (const name of BUTTONS) expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(careCalls(calls)).toHaveLength(1);
  });

  it('refuses a bad known weight or test amount with the contract’s message, sending nothing', async () => {
    const calls = stubCare();
    await open();
    for (const bad of ['0', '5001', '12.5', 'abc']) {
      await send('Calibrate', 'Calibrate', bad);
      expect(card('Calibrate').getByRole('alert')).toHaveTextContent('The known weight must be 1 to 5000 whole grams');
    }
    await send('Calibrate', 'Calibrate', '');
    expect(card('Calibrate').getByRole('alert')).toHaveTextContent('The known weight must be 1 to 5000 whole grams');
    await send('Test dispense', 'Dispense', '501');
    expect(card('Test dispense').getByRole('alert')).toHaveTextContent('A test dispense is 1 to 500 whole grams');
    await send('Report', 'Ask for a report', '201');
    expect(card('Report').getByRole('alert')).toHaveTextContent('Ask for 1 to 200 lines of the log');
    expect(careCalls(calls)).toEqual([]);

    // Once right, the message goes and the command is sent.
    await send('Calibrate', 'Calibrate', '5000');
    await answer();
    expect(card('Calibrate').queryByRole('alert')).toBeNull();
    expect(careCalls(calls).map((c) => c.body.command)).toEqual([{ kind: 'calibrate', known_grams: 5000 }]);
  });

  it.each([
    ['a refusal', { msg: 'The feeder is offline' }, 'The feeder is offline'],
    ['a network failure', 'network', 'Network failure, please check your connection'],
  ] as const)('shows %s as the console does, then lets the operator try again', async (_case, how, said) => {
    const calls = stubCare();
    await open();
    failOnce(deviceConsoleEndpoints.care, how);
    await send('Tare', 'Tare');
    expect(await screen.findByText(said)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Tare' })).toBeEnabled();
    });
    expect(screen.queryByTestId('care-answer')).toBeNull();

    await send('Tare', 'Tare');
    await answered('TareDone');
    expect(careCalls(calls)).toHaveLength(1);
  });
});
