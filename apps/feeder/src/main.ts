import path from 'node:path';
import { FeederAgent } from './agent';
import { resolveFfmpeg } from './hardware/camera/ffmpeg';
import { FfmpegCamera } from './hardware/camera/ffmpeg-camera';
import { createSimulatedCamera } from './hardware/camera/simulated';
import { v4l2Input } from './hardware/camera/v4l2';
import { createSimulatedStation } from './hardware/sim/station';
import { consoleLogger } from './logger';
import { readOptions } from './options';

// The feeder agent CLI: `npm run feeder -- --device ID --secret S --broker mqtt://HOST:PORT [--rtmp URL
// [--camera sim|none|/dev/videoN]] [--state-dir DIR] [--sim]`. Runs a simulated motor, scale and hopper (the only
// ones this build has drivers for); with --rtmp it streams the simulated camera scene, or a V4L2 camera.
const result = readOptions(process.argv.slice(2));
if (!result.ok) {
  console.error(
    'Usage: npm run feeder -- --device ID --secret S --broker mqtt://HOST:PORT ' +
      '[--rtmp rtmp://HOST:PORT/live/ID?key=SECRET [--camera sim|none|/dev/videoN]] [--state-dir DIR] [--sim]\n',
  );
  for (const p of result.problems) console.error(`  - ${p}`);
  process.exit(2);
}
const options = result.options;
const logger = consoleLogger(options.device);
if (!options.sim) {
  logger.error('this build has no real hardware drivers yet (see apps/feeder/README.md); run with --sim');
  process.exit(2);
}
const station = createSimulatedStation();
if (options.rtmp && options.camera !== 'none') {
  let ffmpegPath: string;
  try {
    ffmpegPath = resolveFfmpeg();
  } catch (error) {
    logger.error(String(error));
    process.exit(2);
  }
  station.camera =
    options.camera === 'sim'
      ? createSimulatedCamera(options.device, station, { ffmpegPath, logger })
      : new FfmpegCamera({ source: v4l2Input(options.camera), ffmpegPath, logger });
}

const agent = new FeederAgent(
  {
    deviceId: options.device,
    secret: options.secret,
    brokerUrl: options.broker,
    rtmpUrl: options.rtmp,
    stateDir: path.resolve(options['state-dir'] ?? path.join('data', 'feeder')),
    logger,
  },
  station,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal}: publishing offline state and disconnecting`);
    agent.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('unclean stop', { error: String(error) });
        process.exit(1);
      },
    );
  });
}

await agent.start();
logger.info('started with simulated hardware', {
  broker: options.broker,
  camera: station.camera ? options.camera : 'none',
});
