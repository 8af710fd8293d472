import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentHarness, commandOf } from './test-support/agent-harness';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

let harness: AgentHarness;
let stateDir: string;

beforeAll(async () => {
  harness = await AgentHarness.create();
  stateDir = await mkdtemp(path.join(tmpdir(), 'feeder-main-'));
});

afterAll(async () => {
  await harness.close();
  await rm(stateDir, { recursive: true, force: true });
});

describe('the agent CLI', () => {
  it('stops cleanly and exits with 75 when the server asks for a restart (systemd starts it again)', async () => {
    const device = harness.newDevice();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        MAIN,
        '--device',
        device.id,
        '--secret',
        device.secret,
        '--broker',
        harness.broker.url,
        '--state-dir',
        stateDir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NOTIFY_SOCKET: '' } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      await harness.state(device.id, (s) => s.online === true);
      const cmd = commandOf({ kind: 'restart' });
      await harness.observer.send(device.id, cmd);
      expect(await harness.observer.ack(device.id, cmd.id)).toMatchObject({ outcome: 'done' });
      const [code] = await exited;
      expect(code).toBe(75); // only after agent.stop() and the hardware's close resolved
      expect(output).toContain('restart asked by the server');
      const offline = await harness.state(device.id, (s) => s.online === false);
      expect(offline.feeder_online).toBe(false);
    } finally {
      child.kill();
    }
  }, 30_000);
});
