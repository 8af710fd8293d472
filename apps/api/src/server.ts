import { loadConfig, ConfigError } from './config/env';
import { createContainer } from './container';
import { buildApp } from './app';
import { seedDemo } from './seed/demo';

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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
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
    `  Mail goes to:          ${container.mailer.describe()}`,
    `  Data folder:           ${config.dataDir}${config.databaseUrl ? ' (database: PostgreSQL)' : ' (database: PGlite)'}`,
    `  API docs (OpenAPI):    ${config.publicUrl}/api/docs/json`,
    '',
  ].filter((l, i, all) => l !== '' || i === 0 || i === all.length - 1);
  console.log(lines.join('\n'));
}

void main();
