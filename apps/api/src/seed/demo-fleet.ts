import path from 'node:path';
import { consoleLogger, startSimulatedFleet, type Logger, type SimulatedFleet } from '@petheart/feeder';
import type { Container } from '../container';
import { demoDeviceCredentials } from './demo-devices';

/** Only warnings and errors of the simulated feeders reach the console (the API's own log stays readable). */
function quietLogger(deviceId: string): Logger {
  const full = consoleLogger(deviceId);
  return { ...full, info: () => undefined };
}

/**
 * The embedded run's feeding stations: `count` simulated feeders (agent + motor, scale, hopper and an ffmpeg
 * camera) for the first demo devices, in this process, connected to the API's own broker and media server
 * exactly as a real feeder would be (their own credentials, their own stream key).
 */
export async function startDemoFleet(container: Container, count: number): Promise<SimulatedFleet | undefined> {
  if (count <= 0) return undefined;
  const { gateway, media } = container.services;
  const broker = gateway.brokerUrl;
  if (!broker) throw new Error('the device gateway has no broker address (not started?)');
  const devices = (await demoDeviceCredentials(container.config.dataDir)).slice(0, count).map((device) => ({
    ...device,
    rtmpUrl: media.publishUrl(device.id, device.secret),
  }));
  const fleet = await startSimulatedFleet({
    devices,
    broker,
    stateDir: path.join(container.config.dataDir, 'feeder'),
    simulatedCamera: true,
    logger: quietLogger,
  });
  return fleet;
}
