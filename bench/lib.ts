import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export interface RunningApi {
  url: string;
  process: ChildProcess;
  /** Its DATA_DIR (the outbox of its mail is <dataDir>/outbox). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the API as its own process (as `npm start` does) on a free port with a fresh data folder; `nodeArgs`
 * go to node (e.g. --cpu-prof).
 */
export async function startApi(
  env: Record<string, string> = {},
  options: { nodeArgs?: string[] } = {},
): Promise<RunningApi> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'petheart-bench-'));
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${String(child.exitCode)}`);
    try {
      const res = await fetch(`${url}/api/configuration/getConfiguration`, { method: 'POST' });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('API did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process: child,
    dataDir,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
