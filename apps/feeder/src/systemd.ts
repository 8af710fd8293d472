import { spawn } from 'node:child_process';
import type { Logger } from './logger';

export interface SystemdNotifier {
  /** Tells systemd the agent is up (Type=notify). */
  ready(): void;
  /** Stops the watchdog pings. */
  stop(): void;
}

type Spawn = (command: string, args: string[]) => { on(event: 'error', listener: (error: Error) => void): unknown };

/**
 * systemd's readiness and watchdog (sd_notify) for a service started with Type=notify and WatchdogSec: the agent
 * pings every third of the watchdog period while its event loop runs, so a hung agent is restarted. Node has no
 * Unix datagram sockets, so the messages go through `systemd-notify --pid` (NotifyAccess=all in the unit).
 * Outside systemd (no NOTIFY_SOCKET) it does nothing.
 */
export function systemdNotifier(
  env: Record<string, string | undefined>,
  logger: Logger,
  run: Spawn = (command, args) => spawn(command, args, { stdio: 'ignore' }),
): SystemdNotifier {
  if (!env.NOTIFY_SOCKET) return { ready: () => undefined, stop: () => undefined };
  const notify = (message: string) => {
    run('systemd-notify', [`--pid=${String(process.pid)}`, message]).on('error', (error) => {
      logger.warn('systemd-notify failed', { error: error.message });
    });
  };
  const usec = Number(env.WATCHDOG_USEC);
  let timer: ReturnType<typeof setInterval> | undefined;
  if (Number.isFinite(usec) && usec > 0) {
    timer = setInterval(
      () => {
        notify('WATCHDOG=1');
      },
      Math.max(1000, usec / 1000 / 3),
    );
    timer.unref();
  }
  return {
    ready: () => {
      notify('READY=1');
    },
    stop: () => {
      clearInterval(timer);
    },
  };
}
