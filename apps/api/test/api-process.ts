import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { z } from 'zod';
import { ErrorEnvelopeSchema, PayRequestDataSchema, PaymentOrderSchema, envelope } from '@petheart/contracts';
import { openDatabase, type DatabaseHandle } from '../src/db/client';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The API as its own process, started the way `npm start` starts it (node --import tsx apps/api/src/server.ts),
 * so that a test can kill it for real (SIGKILL by its pid) and start it again on the same data.
 */
export class ApiProcess {
  /** stdout and stderr, for the failure message. */
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly url: string,
    readonly child: ChildProcess,
  ) {
    const collect = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        resolve({ code, signal });
      });
    });
  }

  /** Starts the server with `env` (PORT must be in it) and resolves once it answers HTTP. */
  static async start(env: Record<string, string>, timeoutMs = 60_000): Promise<ApiProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const api = new ApiProcess(`http://127.0.0.1:${env.PORT ?? ''}`, child);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the API exited while starting:\n${api.output}`);
      try {
        const res = await fetch(`${api.url}/api/configuration/getConfiguration`, { method: 'POST' });
        if (res.ok) return api;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the API did not start within ${String(timeoutMs)} ms:\n${api.output}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error('no pid');
    return this.child.pid;
  }

  /** SIGTERM (a clean shutdown) and waits for the exit. */
  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }
}

export interface HttpResult {
  status: number;
  body: { code?: number; msg?: string; data?: unknown };
}

/** POST (JSON) to a running API; rejects on a network error (connection refused or reset). */
export async function post(url: string, route: string, body: unknown, token?: string): Promise<HttpResult> {
  const res = await fetch(url + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as HttpResult['body'] };
}

/** The data of a successful envelope (throws with the error id otherwise). */
export function dataOf<S extends z.ZodType>(r: HttpResult, schema: S): z.infer<S> {
  if (r.status !== 200 || r.body.code !== 1) throw new Error(`HTTP ${String(r.status)}: ${JSON.stringify(r.body)}`);
  envelope(z.unknown()).parse(r.body);
  return schema.parse(r.body.data);
}

/** The error id of a failed envelope (undefined when it succeeded). */
export function errorOf(r: HttpResult): string | undefined {
  return r.body.code === 1 ? undefined : ErrorEnvelopeSchema.parse(r.body).data.error;
}

/**
 * Recharges a user's wallet the way a payer does with the sandbox provider: the order, the sandbox page's Pay
 * button, and the sandbox's signed notification to PUBLIC_URL (the API must be told its own address).
 */
export async function rechargeBySandbox(url: string, token: string, packageId: number): Promise<number> {
  const order = dataOf(await post(url, '/api/balance/Recharge', { id: packageId }, token), PayRequestDataSchema);
  if (order.provider !== 'sandbox') throw new Error('expected the sandbox provider');
  const page = new URL(order.response.pay_url, url);
  const paid = await fetch(new URL(page.pathname, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'pay', sig: page.searchParams.get('sig') ?? '' }).toString(),
  });
  if (!paid.ok) throw new Error(`the sandbox page answered ${String(paid.status)}`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const now = dataOf(await post(url, '/api/balance/order', { order_no: order.order_no }, token), PaymentOrderSchema);
    if (now.status === 'paid') return now.coins;
    if (Date.now() > deadline) throw new Error(`order ${order.order_no} still ${now.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A database for an API process: PGlite files in `<dataDir>/pglite` loaded from the migrated template, or
 * (DATABASE_URL set) a new PostgreSQL database copied from the template. `env` is what the process needs;
 * `open` opens it from the test (with PGlite only while no server has the files open); `drop` removes it.
 */
export async function prepareDatabase(dataDir: string): Promise<{
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const pgliteDir = path.join(dataDir, 'pglite');
    const loaded = await openDatabase({ pgliteDir, loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]) });
    await loaded.close();
    return { env: {}, open: () => openDatabase({ pgliteDir }), drop: () => Promise.resolve() };
  }
  const name = `ph_proc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDb')}`);
        break;
      } catch (error) {
        if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: target.toString() },
    open: () => openDatabase({ url: target.toString() }),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // Sessions this process just closed may still be ending on the server: a forced drop would terminate
        // them and their client would throw 57P01 with nobody listening (CI's PostgreSQL run, feed-crash).
        // Wait for them for up to 3 s, then force what a killed API process left.
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (error) {
            if (!String(error).includes('being accessed by other users')) throw error;
            if (attempt >= 30) {
              await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
              break;
            }
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
