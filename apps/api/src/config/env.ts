import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the API reads. `.env.example` documents each one. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  ASSET_HOST: z.string().default(''),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('PetHeart <no-reply@petheart.local>'),
  CODE_IP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  SEED_DEMO: bool.default(true),
  DEMO_ADMIN_EMAIL: z.email().default('admin@petheart.local'),
  DEMO_ADMIN_PASSWORD: z.string().min(8).default('petheart-admin'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_ISSUER: z.url().default('https://www.facebook.com'),
  MQTT_HOST: z.string().min(1).default('127.0.0.1'),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MQTT_URL: z
    .string()
    .regex(/^mqtts?:\/\/[^/]+/, 'must start with mqtt:// or mqtts://')
    .optional(),
  MQTT_USERNAME: z.string().min(1).default('petheart-api'),
  MQTT_PASSWORD: z.string().min(1).optional(),
  MQTT_PASSWORD_FILE: z.string().min(1).optional(),
  MQTT_PID_FILE: z.string().min(1).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  assetHost: string;
  webDist: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  tokenTtlMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  uploadDir: string;
  codeIpLimitPerHour: number;
  seedDemo: boolean;
  demoAdmin: { email: string; password: string };
  oauth: { google: OAuthClientConfig | undefined; facebook: OAuthClientConfig | undefined };
  /**
   * Devices' MQTT broker. Without `url` the API embeds one on host:port (port 0 = any free port);
   * with `url` it connects to that broker (Mosquitto, EMQX) as `username`.
   */
  mqtt: {
    host: string;
    port: number;
    url: string | undefined;
    username: string;
    password: string | undefined;
    /** With an external Mosquitto: its password file, kept in step with the console (and its pid file, to reload). */
    passwordFile: string | undefined;
    pidFile: string | undefined;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function oauthClient(id: string | undefined, secret: string | undefined, issuer: string) {
  return id && secret ? { clientId: id, clientSecret: secret, issuer } : undefined;
}

/** Reads and validates the environment; throws a ConfigError listing every problem at once. */
export function loadConfig(source: Record<string, string | undefined> = process.env, cwd = process.cwd()): AppConfig {
  const blanksRemoved = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET)
    problems.push('GOOGLE_CLIENT_SECRET: required with GOOGLE_CLIENT_ID');
  if (e.FACEBOOK_CLIENT_ID && !e.FACEBOOK_CLIENT_SECRET)
    problems.push('FACEBOOK_CLIENT_SECRET: required with FACEBOOK_CLIENT_ID');
  if (e.MQTT_URL && !e.MQTT_PASSWORD) problems.push('MQTT_PASSWORD: required with MQTT_URL');
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    assetHost: e.ASSET_HOST.replace(/\/$/, ''),
    webDist: path.resolve(cwd, e.WEB_DIST ?? path.join(import.meta.dirname, '../../../web/dist')),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    tokenTtlMs: e.TOKEN_TTL_DAYS * 86_400_000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    uploadDir: path.join(dataDir, 'uploads'),
    codeIpLimitPerHour: e.CODE_IP_LIMIT_PER_HOUR,
    seedDemo: e.SEED_DEMO,
    demoAdmin: { email: e.DEMO_ADMIN_EMAIL, password: e.DEMO_ADMIN_PASSWORD },
    oauth: {
      google: oauthClient(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_ISSUER),
      facebook: oauthClient(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET, e.FACEBOOK_ISSUER),
    },
    mqtt: {
      host: e.MQTT_HOST,
      // Tests run many APIs side by side: each embedded broker takes any free port unless told otherwise.
      port: e.MQTT_PORT ?? (e.NODE_ENV === 'test' ? 0 : 1883),
      url: e.MQTT_URL,
      username: e.MQTT_USERNAME,
      password: e.MQTT_PASSWORD,
      passwordFile: e.MQTT_PASSWORD_FILE,
      pidFile: e.MQTT_PID_FILE,
    },
  };
}
