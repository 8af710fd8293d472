import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './devices-support';

/** redis-server from REDIS_BIN or the PATH (CI installs it); without one the Redis suites are skipped. */
export const redisBin =
  process.env.REDIS_BIN ??
  (spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim() || undefined);

/** A throwaway redis-server on a free port (no persistence), once it accepts connections. */
export async function startRedis(bin: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`redis-server exited with ${String(code)}: ${out}`));
    });
  });
  return { url: `redis://127.0.0.1:${String(port)}`, process: child };
}
