import { stationFileFor, type DeviceCredentials, type StationPreset } from '@petheart/contracts';

const LOOPBACK = new Set(['127.0.0.1', '0.0.0.0', 'localhost', '[::1]', '[::]']);

/** The server's own address for a service, with a loopback host replaced by the host the console is opened on. */
export function reachable(url: string, pageHost: string): string {
  const match = /^(\w+:\/\/)([^/:]+|\[[^\]]+\])(.*)$/.exec(url);
  if (!match || !LOOPBACK.has(match[2] ?? '') || LOOPBACK.has(pageHost) || !pageHost) return url;
  return `${match[1] ?? ''}${pageHost}${match[3] ?? ''}`;
}

/** The new station's file (what the board installs), with the addresses as the board will reach them. */
export function stationFile(
  credentials: DeviceCredentials,
  preset: StationPreset,
  pageHost: string,
  rtspUrl?: string,
): string {
  const file = stationFileFor(
    {
      device: credentials.device.device_id,
      secret: credentials.secret,
      broker_url: reachable(credentials.broker_url, pageHost),
      media_ingest: credentials.media_ingest === null ? null : reachable(credentials.media_ingest, pageHost),
    },
    preset,
    rtspUrl || undefined,
  );
  return JSON.stringify(file, null, 2);
}

/** The install command, with a loopback host replaced like the other addresses. */
export const installCommand = (credentials: DeviceCredentials, pageHost: string): string =>
  credentials.install_command.replace(/https?:\/\/[^/\s]+/, (origin) => reachable(origin, pageHost));

/** Saves `text` as a file through the browser's download. */
export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
}
