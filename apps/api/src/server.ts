import { loadConfig, ConfigError } from './config/env';
import { createContainer } from './container';
import { buildApp } from './app';
import { seedDemo } from './seed/demo';
import { startDemoFleet } from './seed/demo-fleet';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const container = await createContainer(config);
  if (config.seedDemo) await seedDemo(container);
  const app = await buildApp(container, { logger: { level: config.logLevel } });

  // The demo's feeding stations: simulated feeders with cameras, connected like real ones (the broker and the
  // media server are up once the app is ready).
  const fleet = await startDemoFleet(container, config.simFeeders);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A step that never ends must not keep the process alive: say which one, and leave.
    let step = 'simulated feeders';
    const watchdog = setTimeout(() => {
      app.log.error({ step }, 'shutdown did not finish in 15 s; exiting');
      process.exit(1);
    }, 15_000);
    watchdog.unref();
    await fleet?.stop();
    step = 'http server';
    await app.close();
    step = 'services';
    await container.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const lines = [
    '',
    `  PetHeart is running at ${config.publicUrl}`,
    `  Operator console:      ${config.publicUrl}/admin`,
    config.seedDemo ? `  Demo admin login:      ${config.demoAdmin.email} / ${config.demoAdmin.password}` : '',
    fleet
      ? `  Simulated feeders:     ${fleet.agents.map((a) => a.deviceId).join(', ')} (SIM_FEEDERS=0 turns them off)`
      : '',
    `  Mail goes to:          ${container.mailer.describe()}`,
    `  Data folder:           ${config.dataDir}${config.databaseUrl ? ' (database: PostgreSQL)' : ' (database: PGlite)'}`,
    `  API docs (OpenAPI):    ${config.publicUrl}/api/docs/json`,
    '',
  ].filter((l, i, all) => l !== '' || i === 0 || i === all.length - 1);
  console.log(lines.join('\n'));
}

void main();
