import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyServerOptions, RouteOptions } from 'fastify';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { inject } from 'vitest';
import { z } from 'zod';
import {
  EmptySchema,
  ErrorEnvelopeSchema,
  LoginDataSchema,
  envelope,
  type ErrorEnvelope,
  type ErrorId,
} from '@petheart/contracts';
import { buildApp, type App } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config/env';
import type { Clock } from '../src/lib/clock';
import { createContainer, type Container } from '../src/container';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { createSmtpMailer, type SmsSender } from '../src/mail/mailer';

/** A clock tests move by hand: expiry and rate-limit windows pass without waiting. */
export class FakeClock implements Clock {
  private t: number;
  constructor(start = Date.now()) {
    this.t = start;
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
}

/** A real SMTP server on 127.0.0.1:0; every message is parsed before the server acknowledges it. */
export class MailBox {
  readonly received: ReceivedMail[] = [];
  private unread: ReceivedMail[] = [];
  private waiters: { to: string; resolve: (m: ReceivedMail) => void }[] = [];
  private server: SMTPServer | undefined;
  /** smtp://127.0.0.1:<port> */
  url = '';

  static async start(): Promise<MailBox> {
    const box = new MailBox();
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            for (const rcpt of session.envelope.rcptTo) {
              box.deliver({
                to: rcpt.address.toLowerCase(),
                from,
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
              });
            }
            callback();
          })
          .catch((error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)));
          });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    box.server = server;
    box.url = `smtp://127.0.0.1:${String(port)}`;
    return box;
  }

  private deliver(mail: ReceivedMail) {
    this.received.push(mail);
    const i = this.waiters.findIndex((w) => w.to === mail.to);
    const waiter = i >= 0 ? this.waiters.splice(i, 1)[0] : undefined;
    if (waiter) waiter.resolve(mail);
    else this.unread.push(mail);
  }

  /** Resolves with the next unread mail to `to` as soon as it arrives (fails after timeoutMs). */
  waitForMail(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const address = to.toLowerCase();
    const i = this.unread.findIndex((m) => m.to === address);
    const ready = i >= 0 ? this.unread.splice(i, 1)[0] : undefined;
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const waiter = {
        to: address,
        resolve: (m: ReceivedMail) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no mail to ${to} within ${String(timeoutMs)} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Mail to an address received so far (read or not). */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to === address.toLowerCase());
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.server)
        this.server.close(() => {
          resolve();
        });
      else resolve();
    });
  }
}

/** Text messages, recorded in memory (an SmsSender the container uses instead of the outbox). */
export class SmsBox implements SmsSender {
  readonly sent: { mobile: string; text: string }[] = [];
  send(mobile: string, text: string): Promise<void> {
    this.sent.push({ mobile, text });
    return Promise.resolve();
  }
  to(mobile: string) {
    return this.sent.filter((m) => m.mobile === mobile);
  }
}

/** The 6-digit code inside a mail or SMS text. */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
}

/** Sets a user's mobile number as the app does: a code sent to it (event changemobile), then /api/user/changemobile. */
export async function setMobile(api: TestApi, token: string, mobile: string, ip: string): Promise<CallResult> {
  const sent = await api.post('/api/sms/send', { mobile, event: 'changemobile' }, { ip });
  if (sent.status !== 200) throw new Error(`sms/send answered ${String(sent.status)}`);
  const captcha = codeIn(api.sms.to(mobile).at(-1)?.text ?? '');
  return api.post('/api/user/changemobile', { mobile, captcha }, { token });
}

/**
 * A fresh database for one test file: PGlite loaded from the migrated template dump, or (DATABASE_URL
 * set) a new PostgreSQL database copied from the migrated template database, dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = inject('pgliteTemplate');
    const loadDataDir = new Blob([await readFile(template)]);
    return openDatabase({ pgliteDir: 'memory://', loadDataDir });
  }
  const name = `ph_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDb')}`);
      break;
    } catch (error) {
      // Two files copying the template at the same instant: PostgreSQL refuses one; try again.
      if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ url: target.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      // pool.end() resolves before every backend has gone; FORCE would kill a closing client (57P01).
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (error) {
          if (attempt >= 50 || !String(error).includes('being accessed by other users')) throw error;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      await admin.end();
    },
  };
}

export interface CallOptions {
  token?: string | undefined;
  lang?: string;
  acceptLanguage?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  /** The parsed JSON body (an envelope for every /api call). */
  body: { code?: unknown; msg?: unknown; data?: unknown };
  headers: Record<string, unknown>;
}

/** Asserts a success envelope (HTTP 200, code 1) and returns its data, checked against the contract schema. */
export function okData<S extends z.ZodType>(r: CallResult, schema: S): z.infer<S> {
  if (r.status !== 200 || r.body.code !== 1)
    throw new Error(`expected success, got ${String(r.status)} ${JSON.stringify(r.body)}`);
  envelope(z.unknown()).parse(r.body);
  return schema.parse(r.body.data);
}

/** Asserts a failure envelope with this HTTP status and error id; returns the parsed envelope. */
export function failure(r: CallResult, status: number, id: ErrorId): ErrorEnvelope {
  const parsed = ErrorEnvelopeSchema.safeParse(r.body);
  if (r.status !== status || !parsed.success || parsed.data.data.error !== id) {
    throw new Error(`expected ${String(status)} ${id}, got ${String(r.status)} ${JSON.stringify(r.body)}`);
  }
  return parsed.data;
}

export interface TestApi {
  app: App;
  container: Container;
  config: AppConfig;
  clock: FakeClock;
  mail: MailBox;
  sms: SmsBox;
  /** Every route the app registered, with its auth requirement and schema (built by an onRoute hook). */
  routes: { method: string; url: string; auth: string; schema?: RouteOptions['schema'] }[];
  post(url: string, body?: unknown, options?: CallOptions): Promise<CallResult>;
  get(url: string, options?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

export interface TestApiOptions {
  /** Extra environment for loadConfig (e.g. CODE_IP_LIMIT_PER_HOUR). */
  env?: Record<string, string>;
  /** Seed the demo admin and users (default true). */
  seed?: boolean;
  /** Serve /uploads/ and the built web app like the server does (default true). */
  serveWeb?: boolean;
  /** Fastify's logger (default off), e.g. a stream a test reads. */
  logger?: FastifyServerOptions['logger'];
}

/** Builds a container (fresh database, real SMTP mailbox, in-memory SMS, fake clock) and the app on it. */
export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'petheart-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const mail = await MailBox.start();
  const sms = new SmsBox();
  const clock = new FakeClock();
  const database = await openTestDatabase();
  const container = await createContainer(config, {
    database,
    mailer: createSmtpMailer(mail.url, config.mailFrom),
    sms,
    clock,
  });
  if (options.seed ?? true) {
    const { seedDemo } = await import('../src/seed/demo');
    await seedDemo(container);
  }
  const routes: TestApi['routes'] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.push({ method, url: route.url, auth: route.config?.auth ?? 'none', schema: route.schema });
  };
  const app = await buildApp(container, {
    serveWeb: options.serveWeb ?? true,
    onRoute,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });

  const call = async (method: 'GET' | 'POST', url: string, body: unknown, o: CallOptions = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token !== undefined) headers.token = o.token;
    if (o.lang) headers.lang = o.lang;
    if (o.acceptLanguage) headers['accept-language'] = o.acceptLanguage;
    const response = await app.inject({
      method,
      url,
      headers,
      remoteAddress: o.ip ?? '127.0.0.1',
      ...(body === undefined ? {} : { payload: body as object }),
    });
    let parsed: CallResult['body'];
    try {
      parsed = response.json();
    } catch {
      parsed = { msg: response.body };
    }
    return { status: response.statusCode, body: parsed, headers: response.headers };
  };

  return {
    app,
    container,
    config,
    clock,
    mail,
    sms,
    routes,
    post: (url, body = {}, o) => call('POST', url, body, o),
    get: (url, o) => call('GET', url, undefined, o),
    async close() {
      await app.close();
      await container.close();
      await mail.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers an account through the real flow (code by SMTP) and returns its login data. */
export async function registerUser(api: TestApi, email: string, password = 'secret-pass', ip = '10.0.0.1') {
  const sent = await api.post('/api/ems/send', { email, event: 'register' }, { ip });
  okData(sent, EmptySchema);
  const code = codeIn((await api.mail.waitForMail(email)).text);
  const registered = await api.post('/api/user/register', { email, password, code }, { ip });
  return okData(registered, LoginDataSchema).userinfo;
}

/** Logs in with a password and returns the token (throws when the login fails). */
export async function loginToken(api: TestApi, account: string, password: string, ip = '10.0.0.9') {
  const r = await api.post('/api/user/login', { account, password }, { ip });
  return okData(r, LoginDataSchema).userinfo.token;
}

export const DEMO = {
  admin: { email: 'admin@petheart.local', password: 'petheart-admin' },
  user: { email: 'demo@petheart.local', password: 'petheart-demo' },
  friend: { email: 'friend@petheart.local', password: 'petheart-demo' },
};
