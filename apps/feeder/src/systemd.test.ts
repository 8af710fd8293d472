import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from './logger';
import { systemdNotifier } from './systemd';

function recorder() {
  const calls: string[][] = [];
  const run = (command: string, args: string[]) => {
    calls.push([command, ...args]);
    return { on: () => undefined };
  };
  return { calls, run };
}

describe('systemd notifications', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says READY=1 and pings the watchdog every third of WatchdogSec under systemd', () => {
    vi.useFakeTimers();
    const { calls, run } = recorder();
    const notifier = systemdNotifier(
      { NOTIFY_SOCKET: '/run/systemd/notify', WATCHDOG_USEC: '30000000' },
      silentLogger,
      run,
    );
    notifier.ready();
    vi.advanceTimersByTime(25_000);
    expect(calls).toEqual([
      ['systemd-notify', `--pid=${String(process.pid)}`, 'READY=1'],
      ['systemd-notify', `--pid=${String(process.pid)}`, 'WATCHDOG=1'],
      ['systemd-notify', `--pid=${String(process.pid)}`, 'WATCHDOG=1'],
    ]);
    notifier.stop();
    vi.advanceTimersByTime(60_000);
    expect(calls).toHaveLength(3);
  });

  it('does nothing outside systemd', () => {
    vi.useFakeTimers();
    const { calls, run } = recorder();
    const notifier = systemdNotifier({ WATCHDOG_USEC: '30000000' }, silentLogger, run);
    notifier.ready();
    vi.advanceTimersByTime(60_000);
    expect(calls).toEqual([]);
  });
});
