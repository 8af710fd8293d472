import { FeederAgent } from './agent';
import { ffmpegVersion, resolveFfmpeg } from './hardware/camera/ffmpeg';
import { createStationHardware } from './hardware/from-config';
import type { Logger } from './logger';
import { consoleLogger } from './logger';
import { flagsToStation, parseArgs, readOptions } from './options';
import type { LoadedStation } from './station-file';
import { loadStation } from './station-file';
import { systemdNotifier } from './systemd';

// The feeder agent CLI. A station runs `petheart-feeder --station /etc/petheart-feeder/station.json` (the file the
// console's "Add device" gives; docs/stations.md). For development, flags describe a simulated station:
// `npm run feeder -- --device ID --secret S --broker mqtt://HOST:PORT [--rtmp URL [--camera sim|none|/dev/videoN]]
// [--state-dir DIR]`.
const USAGE =
  'Usage: petheart-feeder --station FILE\n' +
  '   or: npm run feeder -- --device ID --secret S --broker mqtt://HOST:PORT ' +
  '[--rtmp rtmp://HOST:PORT/live/ID?key=SECRET [--camera sim|none|/dev/videoN]] [--state-dir DIR]\n';

function fail(problems: string[], heading = USAGE): never {
  console.error(heading);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(2);
}

const args = parseArgs(process.argv.slice(2));
let loaded: LoadedStation;
if (args.station !== undefined) {
  const result = await loadStation(args.station);
  if (!result.ok) fail(result.problems, `The station file ${args.station} cannot run a station:`);
  loaded = result.loaded;
} else {
  const result = readOptions(process.argv.slice(2));
  if (!result.ok) fail(result.problems);
  loaded = flagsToStation(result.options);
}

const { station } = loaded;
const console_ = consoleLogger(station.device);
// Every line goes through the agent's logger once it exists (the secret redacted; a `report` answers the newest),
// the hardware's too: they are made before the agent.
const through: { logger?: Logger } = {};
const logger: Logger = {
  info: (m, d) => {
    (through.logger ?? console_).info(m, d);
  },
  warn: (m, d) => {
    (through.logger ?? console_).warn(m, d);
  },
  error: (m, d) => {
    (through.logger ?? console_).error(m, d);
  },
};
for (const warning of loaded.warnings) logger.warn(warning);
const { motor, scale, hopper, camera } = station.hardware;
const parts = { motor: motor.kind, scale: scale.kind, hopper: hopper.kind, camera: camera.kind };
if (args.check !== undefined) {
  // The installer's check: the file is sound (the hardware is opened on the real start).
  logger.info('station file OK', { broker: station.broker, ...parts });
  process.exit(0);
}
let ffmpegPath: string | undefined;
let built: Awaited<ReturnType<typeof createStationHardware>>;
try {
  built = await createStationHardware(station, {
    deviceId: station.device,
    stateDir: loaded.stateDir,
    logger,
    ffmpegPath: () => (ffmpegPath ??= resolveFfmpeg()),
  });
} catch (error) {
  logger.error(`the station's hardware did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

const agent = new FeederAgent(
  {
    deviceId: station.device,
    secret: loaded.secret,
    brokerUrl: station.broker,
    rtmpUrl: loaded.rtmpUrl,
    stateDir: loaded.stateDir,
    logger: console_,
    ffmpegVersion: () => ffmpegVersion(ffmpegPath ?? resolveFfmpeg()),
  },
  built.hardware,
);
through.logger = agent.logger;

const systemd = systemdNotifier(process.env, logger);
/** Exit code after a restart asked by the server: not 0, so systemd's Restart=on-failure starts the agent again. */
const RESTART_EXIT_CODE = 75;
let stopping = false;
function shutdown(reason: string, code: number): void {
  stopping = true;
  logger.info(reason);
  systemd.stop();
  agent
    .stop()
    .then(() => built.close())
    .then(
      () => process.exit(code),
      (error: unknown) => {
        logger.error('unclean stop', { error: String(error) });
        process.exit(1);
      },
    );
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    shutdown(`${signal}: publishing offline state and disconnecting`, 0);
  });
}
agent.on('restart', () => {
  if (stopping) return;
  shutdown(
    `restart asked by the server: stopping cleanly, then exiting with ${String(RESTART_EXIT_CODE)} to be started again`,
    RESTART_EXIT_CODE,
  );
});

await agent.start();
systemd.ready();
logger.info('started', { broker: station.broker, ...parts, camera: built.hardware.camera ? camera.kind : 'none' });
