import path from 'node:path';
import { FeederAgent } from './agent';
import { createSimulatedStation } from './hardware/sim/station';
import { consoleLogger } from './logger';
import { readOptions } from './options';

// The feeder agent CLI: `npm run feeder -- --device ID --secret S --broker mqtt://HOST:PORT [--rtmp URL]
// [--state-dir DIR] [--sim]`. Runs with simulated hardware (the only hardware this build has drivers for).
const result = readOptions(process.argv.slice(2));
if (!result.ok) {
  console.error(
    'Usage: npm run feeder -- --device ID --secret S --broker mqtt://HOST:PORT [--rtmp rtmp://HOST/live/ID] ' +
      '[--state-dir DIR] [--sim]\n',
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
if (options.rtmp) logger.warn('no camera driver in this build yet: --rtmp is accepted but nothing is streamed');

const agent = new FeederAgent(
  {
    deviceId: options.device,
    secret: options.secret,
    brokerUrl: options.broker,
    rtmpUrl: options.rtmp,
    stateDir: path.resolve(options['state-dir'] ?? path.join('data', 'feeder')),
    logger,
  },
  createSimulatedStation(),
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
logger.info('started with simulated hardware', { broker: options.broker });
