import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { startSmtpServer } from './mailbox';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = address && typeof address !== 'string' ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/** Polls `url` until it answers 200 (the server is ready) or the child exits or `timeoutMs` passes. */
async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${String(child.exitCode)}`);
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API did not become ready at ${url} within ${String(timeoutMs)} ms`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Passes the API's output through to this terminal and keeps the Content-Security-Policy violations the
 * browser reported to it (each a warning line of its log).
 */
function watchViolations(child: ChildProcess): string[] {
  const violations: string[] = [];
  const watch = (from: NodeJS.ReadableStream | null, to: NodeJS.WriteStream) => {
    let rest = '';
    from?.setEncoding('utf8');
    from?.on('data', (chunk: string) => {
      to.write(chunk);
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.includes('"content security policy violation"')) violations.push(line);
    });
  };
  watch(child.stdout, process.stdout);
  watch(child.stderr, process.stderr);
  return violations;
}

/**
 * Starts a local SMTP server and the API (serving the built web app) on a free port with a fresh data folder.
 * Tests find the app at PETHEART_E2E_URL, the received mail in PETHEART_E2E_MAIL_DIR, the devices' broker at
 * PETHEART_E2E_MQTT_URL and the media server's RTMP at PETHEART_E2E_RTMP_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // WEB_DIST picks another build (e.g. `vite build --outDir /tmp/x`) than apps/web/dist.
  const webDist = process.env.WEB_DIST ? path.resolve(root, process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`The web app is not built at ${webDist}: run \`npx vite build\` in apps/web first.`);
  }
  const scratch = process.env.PETHEART_E2E_SCRATCH ?? path.join(root, '.tmp', 'e2e');
  const runDir = await mkdtemp(path.join(scratch, 'run-'));
  const mailDir = path.join(runDir, 'mail');
  const smtp = await startSmtpServer(mailDir);
  const port = await freePort();
  const mqttPort = await freePort();
  const rtmpPort = await freePort();
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  const dataDir = path.join(runDir, 'data');

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      MEDIA_RTMP_PORT: String(rtmpPort),
      // Two simulated feeders with cameras (PH-0001, PH-0002), as `npm start` runs four.
      SIM_FEEDERS: '2',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: webDist,
      SMTP_URL: `smtp://127.0.0.1:${String(smtp.port)}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      CODE_IP_LIMIT_PER_HOUR: '1000',
    },
  });
  const violations = watchViolations(child);
  try {
    await waitForReady(`${baseUrl}/api/configuration/getConfiguration`, child, 90_000);
  } catch (error) {
    await stop(child);
    await smtp.close();
    throw error;
  }
  process.env.PETHEART_E2E_URL = baseUrl;
  process.env.PETHEART_E2E_MAIL_DIR = mailDir;
  process.env.PETHEART_E2E_MQTT_URL = `mqtt://127.0.0.1:${String(mqttPort)}`;
  process.env.PETHEART_E2E_RTMP_URL = `rtmp://127.0.0.1:${String(rtmpPort)}`;
  process.env.PETHEART_E2E_DATA_DIR = dataDir;

  return async () => {
    await stop(child);
    await smtp.close();
    if (process.env.PETHEART_E2E_KEEP !== '1') await rm(runDir, { recursive: true, force: true });
    // Every journey ran under the app's policy (decision 028): any report the browser sent fails the run.
    if (violations.length > 0)
      throw new Error(`${String(violations.length)} Content-Security-Policy violation(s):\n${violations.join('\n')}`);
  };
}
