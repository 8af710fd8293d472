import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminBaseListDataSchema,
  DeviceCredentialsSchema,
  LiveDetailSchema,
  StationFileSchema,
  stationFileFor,
} from '@petheart/contracts';
import { eq } from 'drizzle-orm';
import { feeds } from '../src/db/schema';
import { resolveFfmpeg } from '../src/modules/media/ffmpeg';
import { DEMO, createTestApi, loginToken, okData, type TestApi } from './harness';
import { feed, feedBody, newFeeder, settled } from './feed-support';

const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
if (!ffmpeg) throw new Error('this test needs ffmpeg (FFMPEG_PATH, PATH or @ffmpeg-installer/ffmpeg)');
const repo = path.resolve(import.meta.dirname, '../../..');

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited ${String(code)}:\n${output}`));
    });
  });
}

/**
 * Issue 27 §2, as docs/stations.md tells an installer: provision in the console API → download the installer
 * from this server → install the agent bundle into a temporary prefix → start it the way its systemd unit says
 * → the room goes live and a feed dispenses. Simulated motor, scale, hopper and camera; everything else real.
 */
describe('a station from "Add device" to food falling', () => {
  let api: TestApi;
  let work: string;
  let agent: ChildProcess | undefined;
  let agentLog = '';
  let execStart: string[] = [];
  let stateDir = '';
  let deviceId = '';

  /** Starts the agent as its systemd unit does (ExecStart). */
  function startAgent(): void {
    const [node = '', ...args] = execStart;
    agent = spawn(node, args, { env: { ...process.env, FFMPEG_PATH: ffmpeg }, stdio: ['ignore', 'pipe', 'pipe'] });
    agent.stdout?.on('data', (d: Buffer) => (agentLog += d.toString()));
    agent.stderr?.on('data', (d: Buffer) => (agentLog += d.toString()));
  }
  const room = async (id: string) =>
    okData(await api.post('/api/live/detail', { device_id: id }), LiveDetailSchema).device;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'petheart-station-'));
    const bundle = path.join(work, 'petheart-feeder.mjs');
    await run(process.execPath, [path.join(repo, 'apps/feeder/scripts/bundle.mjs'), '--outfile', bundle]);
    api = await createTestApi({ env: { MEDIA_ENABLED: 'true', STATION_BUNDLE: bundle }, serveWeb: false });
    await api.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    if (agent && agent.exitCode === null) {
      const exited = new Promise((resolve) => agent?.once('exit', resolve));
      agent.kill('SIGTERM');
      await exited;
    }
    await api.close();
    await rm(work, { recursive: true, force: true });
  });

  it('is provisioned, installed, started and fed, following docs/stations.md', async () => {
    const started = performance.now();
    const marks: Record<string, number> = {};
    const mark = (name: string) => (marks[name] = Math.round(performance.now() - started));

    // 1. The console: "Add device" on a base gives the credentials, the station file and the install command.
    const admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    const bases = okData(
      await api.post('/api/admin/base/list', { limit: 1 }, { token: admin }),
      AdminBaseListDataSchema,
    );
    const baseId = bases.list[0]?.id ?? 0;
    const made = okData(
      await api.post('/api/admin/device/provision', { base_id: baseId, name: 'Harbour feeder' }, { token: admin }),
      DeviceCredentialsSchema,
    );
    expect(made.install_command).toBe(
      `curl -fsSL ${api.config.publicUrl}/station/install.sh | sudo bash -s -- station.json`,
    );
    expect(made.media_ingest).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    const stationJson = path.join(work, 'station.json');
    const station = stationFileFor({ ...made, device: made.device.device_id }, 'sim');
    // A slow auger (10 g take 3 s), so that the next test can cut the power in the middle of a dispense.
    const hardware = { ...station.hardware, motor: { kind: 'sim', ms_per_gram: 300 } };
    await writeFile(stationJson, JSON.stringify({ ...station, hardware, state_dir: '/var/lib/petheart-feeder' }));
    mark('provisioned');

    // 2. On the board: the installer from this server, which downloads the bundle and checks its SHA-256.
    const address = api.app.server.address();
    const origin = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
    const installer = await (await fetch(`${origin}/station/install.sh`)).text();
    expect(installer).toContain(
      `BUNDLE="\${PETHEART_BUNDLE_URL:-${api.config.publicUrl}/station/petheart-feeder.mjs}"`,
    );
    await writeFile(path.join(work, 'install.sh'), installer);
    const prefix = path.join(work, 'root');
    // (This server listens on a free port, not on its PUBLIC_URL: the bundle's address is given as the docs allow.)
    const env = { ...process.env, PETHEART_BUNDLE_URL: `${origin}/station/petheart-feeder.mjs` };
    const flags = ['--prefix', prefix, '--no-apt', '--no-user', '--no-systemd'];
    await run('bash', [path.join(work, 'install.sh'), stationJson, ...flags], env);
    mark('installed');

    // What was installed: the secret moved out of the station file into a file only its owner reads.
    const installed = StationFileSchema.parse(
      JSON.parse(await readFile(`${prefix}/etc/petheart-feeder/station.json`, 'utf8')),
    );
    expect(installed).toMatchObject({
      secret_file: `${prefix}/etc/petheart-feeder/secret`,
      state_dir: `${prefix}/var/lib/petheart-feeder`,
    });
    expect(installed.secret).toBeUndefined();
    expect((await readFile(`${prefix}/etc/petheart-feeder/secret`, 'utf8')).trim()).toBe(made.secret);
    const unit = await readFile(`${prefix}/etc/systemd/system/petheart-feeder.service`, 'utf8');
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^WatchdogSec=\d+$/m);

    // 3. Started as the unit starts it.
    execStart = /^ExecStart=(.+)$/m.exec(unit)?.[1]?.split(' ') ?? [];
    stateDir = installed.state_dir;
    startAgent();
    await expect
      .poll(() => room(made.device.device_id), { timeout: 30_000, interval: 200 })
      .toMatchObject({ feeder_online: true, camera_online: true });
    mark('live');
    expect(agentLog).not.toContain(made.secret);

    // 4. A viewer feeds: food falls and is charged.
    const viewer = await newFeeder(api, 100, 'First visitor');
    const fed = await settled(api, viewer.token, (await feed(api, viewer.token, feedBody(made.device.device_id))).id);
    expect(fed).toMatchObject({ status: 'succeeded', grams: 10 });
    mark('fed');
    console.log(`station from "Add device" to food falling (ms): ${JSON.stringify(marks)}`);
    deviceId = made.device.device_id;
  });

  it('survives a power cut in the middle of a dispense: never dispenses it twice, and the feed is not charged', async () => {
    const viewer = await newFeeder(api, 100, 'Night visitor');
    const sent = await feed(api, viewer.token, feedBody(deviceId));
    const [row] = await api.container.database.db.select().from(feeds).where(eq(feeds.id, sent.id));
    const commandId = row?.commandId ?? '';
    // The agent writes a command's id down before its motor turns: once it is there, the motor is running.
    const executed = path.join(stateDir, `${deviceId}.executed.jsonl`);
    await expect.poll(() => readFile(executed, 'utf8').catch(() => ''), { timeout: 10_000 }).toContain(commandId);
    const exited = new Promise((resolve) => agent?.once('exit', resolve));
    agent?.kill('SIGKILL');
    await exited;
    // Power back: the unit starts the agent again; the server re-sends the unanswered command.
    startAgent();
    const done = await settled(api, viewer.token, sent.id);
    expect(done.status).not.toBe('succeeded');
    expect(done.coins_charged).toBe(0);
    expect((await api.container.services.ledger.balances(viewer.id)).wallet).toMatchObject({ balance: 100, held: 0 });
    // Written down once, and never run again after the restart.
    const lines = (await readFile(executed, 'utf8')).split('\n').filter((l) => l.includes(commandId));
    expect(lines).toHaveLength(1);
    await expect.poll(async () => (await room(deviceId)).feeder_online, { timeout: 30_000 }).toBe(true);
  });
});
