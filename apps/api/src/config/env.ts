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
  /** The feeder agent's bundle served to stations (npm run build writes it). */
  STATION_BUNDLE: z.string().optional(),
  // warn: the terminal shows the banner, warnings and errors; info adds a line per request.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  TRUST_PROXY: bool.default(false),
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('PetHeart <no-reply@petheart.local>'),
  CODE_IP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  SEED_DEMO: bool.default(true),
  SIM_FEEDERS: z.coerce.number().int().min(0).max(50).optional(),
  /** Demo Q&A, articles, pages, banners and pets with their drawings (default: on, except in tests). */
  SEED_DEMO_CONTENT: bool.optional(),
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
  MEDIA_ENABLED: bool.optional(),
  MEDIA_HOST: z.string().min(1).default('127.0.0.1'),
  MEDIA_RTMP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MEDIA_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  MEDIA_PLAYBACK_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(3600),
  /** Scaled out (issue 26 §5): cameras publish to this nginx-rtmp origin application instead of the API. */
  MEDIA_INGEST_URL: z
    .string()
    .regex(/^rtmps?:\/\/[^/]+\/[^/?]+$/, "must be rtmp://host:port/app (the origin's application, no stream name)")
    .optional(),
  /** …viewers play HLS from this nginx edge (or the CDN in front of it)… */
  MEDIA_PLAYBACK_URL: z.url().optional(),
  /** …and the API reads the origin's HLS, stream list and control here (an internal address). */
  MEDIA_ORIGIN_URL: z.url().optional(),
  /** The secret in the origin's on_publish / on_publish_done callback addresses (?token=). */
  MEDIA_HOOK_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16–128 letters, digits, _ or -')
    .optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  /** Receipts' proof clips are deleted this many days after their feed (issue 28 §1), unless published. */
  PROOF_CLIP_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Live clips users cut and never published (to their room or in a post) are deleted after this many days. */
  LIVE_CLIP_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  FEED_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'wechat']).default('sandbox'),
  /** Recharge orders left unpaid this long are closed (a payment arriving later is still credited). */
  PAYMENT_ORDER_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** AES-256-GCM key for cash-out card numbers: 64 hex characters (32 bytes); unset = a key kept in DATA_DIR/cashout. */
  CASHOUT_CARD_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 random bytes, e.g. `openssl rand -hex 32`)')
    .optional(),
  /** HMAC key of the monthly statements' pseudonyms: 64 hex characters; unset = a key kept in DATA_DIR/statement. */
  STATEMENT_PSEUDONYM_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 random bytes, e.g. `openssl rand -hex 32`)')
    .optional(),
  WECHAT_APPID: z.string().min(1).optional(),
  WECHAT_MCHID: z.string().min(1).optional(),
  WECHAT_MERCHANT_SERIAL: z.string().min(1).optional(),
  WECHAT_PRIVATE_KEY_PATH: z.string().min(1).optional(),
  WECHAT_API_V3_KEY: z
    .string()
    .refine((k) => Buffer.byteLength(k, 'utf8') === 32, 'must be the 32-character APIv3 key')
    .optional(),
  WECHAT_PLATFORM_KEY_PATH: z.string().min(1).optional(),
  WECHAT_PLATFORM_SERIAL: z.string().min(1).optional(),
  WECHAT_NOTIFY_URL: z.url().optional(),
  WECHAT_API_BASE: z.url().default('https://api.mch.weixin.qq.com'),
  /** The Tencent location web service (maps, decision 016): its key, and the SK of its signature check. */
  TENCENT_MAP_KEY: z.string().min(1).optional(),
  TENCENT_MAP_SK: z.string().min(1).optional(),
  TENCENT_MAP_API_BASE: z.url().default('https://apis.map.qq.com'),
});

/** Every variable the configuration reads (`.env.example` documents each: env-example.test.ts). */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape);

export type Env = z.infer<typeof EnvSchema>;

/** The nginx-rtmp media path (README, scaled out; deploy/nginx). */
export interface NginxMediaConfig {
  /** rtmp://origin:port/live: a camera publishes to {ingestUrl}/{device id}?key={secret}. */
  ingestUrl: string;
  /** The edge (or CDN) viewers play HLS from: {playbackUrl}/hls/{device id}/index.m3u8?e&v&s. */
  playbackUrl: string;
  /** The origin's internal HTTP: /hls/ (HLS for clips and stills), /stat, /control. */
  originUrl: string;
  /** The origin's callbacks carry it (?token=). */
  hookToken: string;
  /** MEDIA_SIGNING_KEY: the edges check playback addresses with it (secure_link). */
  signingKey: string;
}

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
  /** Several API processes share socket.io rooms through this Redis (none: rooms of this process only). */
  redisUrl: string | undefined;
  assetHost: string;
  webDist: string;
  /** What GET /station/* serves: the agent bundle and the installer (docs/stations.md). */
  station: { bundle: string; installer: string };
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  tokenTtlMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  uploadDir: string;
  codeIpLimitPerHour: number;
  seedDemo: boolean;
  /** Seed the demo content too (decision 013; drawing and encoding it takes a moment, so tests opt in). */
  seedDemoContent: boolean;
  /** Simulated feeders (with cameras) the server starts at the first demo devices; 0 = none. */
  simFeeders: number;
  /** How long a feed's dispense command may take, queueing included, before it is voided (PRODUCT.md §2: 10 s). */
  feedTimeoutMs: number;
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
  /**
   * Live video: the embedded media server takes RTMP from the devices' cameras on host:rtmpPort (port 0 = any
   * free port) and the API serves it to viewers as HTTP-FLV through playback addresses signed with
   * `signingKey` (undefined = a random key kept in `dir`) that expire after `playbackTtlMs`.
   */
  media: {
    enabled: boolean;
    host: string;
    rtmpPort: number;
    signingKey: string | undefined;
    playbackTtlMs: number;
    /** Rolling recordings (for clips) and the generated signing key live here. */
    dir: string;
    /** FFMPEG_PATH; undefined = `ffmpeg` on PATH, else the @ffmpeg-installer binary. */
    ffmpegPath: string | undefined;
    /** Scaled out: an nginx-rtmp origin takes the cameras, edges serve HLS; the API carries no video. */
    nginx: NginxMediaConfig | undefined;
    /** Receipts' proof clips (issue 28 §1) are kept this long unless published (PROOF_CLIP_RETENTION_DAYS). */
    proofClipRetentionMs: number;
    /** Users' live clips never published are kept this long (LIVE_CLIP_RETENTION_DAYS). */
    liveClipRetentionMs: number;
  };
  /**
   * Payments (decision 010): `sandbox` (the embedded default: a confirm page plays the payer and sends signed
   * notifications, its key kept in `dir`) or `wechat` (WeChat Pay v3 JSAPI).
   */
  payment: {
    provider: 'sandbox' | 'wechat';
    dir: string;
    /** PAYMENT_ORDER_TTL_MINUTES: a recharge order still unpaid after this long is closed. */
    orderTtlMs: number;
    wechat: WechatPayConfig | undefined;
  };
  /**
   * Cash-out (decision 015): card numbers are stored AES-256-GCM encrypted with `cardKey` (hex, CASHOUT_CARD_KEY),
   * or with a random key generated once and kept in `dir` (every API process must share it).
   */
  cashout: { cardKey: string | undefined; dir: string };
  /**
   * Monthly statements (issue 28 §4): users are named by an HMAC with `pseudonymKey` (hex, STATEMENT_PSEUDONYM_KEY),
   * or with a random key generated once and kept in `dir` (every API process must share it; it must never change).
   */
  statement: { pseudonymKey: string | undefined; dir: string };
  /**
   * Maps (decision 016): the Tencent location web service with `tencentKey` (requests signed with `tencentSecretKey`
   * when set); without a key, the local geocoder over the bundled districts and the known stations.
   */
  maps: { tencentKey: string | undefined; tencentSecretKey: string | undefined; tencentApiBase: string };
}

/** WeChat Pay v3 (JSAPI) merchant settings; key files are read when the container starts. */
export interface WechatPayConfig {
  appId: string;
  mchId: string;
  /** The serial number of the merchant's API certificate (names the key requests are signed with). */
  merchantSerial: string;
  privateKeyPath: string;
  apiV3Key: string;
  /** The platform certificate or WeChat Pay public key (PEM) that signs answers and notifications. */
  platformKeyPath: string;
  /** Its serial (Wechatpay-Serial); undefined = read from the certificate. */
  platformSerial: string | undefined;
  notifyUrl: string;
  apiBase: string;
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

function wechatConfig(e: Env, publicUrl: string, cwd: string): WechatPayConfig | undefined {
  const { WECHAT_APPID, WECHAT_MCHID, WECHAT_MERCHANT_SERIAL, WECHAT_PRIVATE_KEY_PATH, WECHAT_API_V3_KEY } = e;
  const platformKeyPath = e.WECHAT_PLATFORM_KEY_PATH;
  if (!WECHAT_APPID || !WECHAT_MCHID || !WECHAT_MERCHANT_SERIAL || !WECHAT_PRIVATE_KEY_PATH) return undefined;
  if (!WECHAT_API_V3_KEY || !platformKeyPath) return undefined;
  return {
    appId: WECHAT_APPID,
    mchId: WECHAT_MCHID,
    merchantSerial: WECHAT_MERCHANT_SERIAL,
    privateKeyPath: path.resolve(cwd, WECHAT_PRIVATE_KEY_PATH),
    apiV3Key: WECHAT_API_V3_KEY,
    platformKeyPath: path.resolve(cwd, platformKeyPath),
    platformSerial: e.WECHAT_PLATFORM_SERIAL,
    notifyUrl: e.WECHAT_NOTIFY_URL ?? `${publicUrl}/api/payment/notify/wechat`,
    apiBase: e.WECHAT_API_BASE.replace(/\/$/, ''),
  };
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
  const nginx = { MEDIA_INGEST_URL: e.MEDIA_INGEST_URL, MEDIA_PLAYBACK_URL: e.MEDIA_PLAYBACK_URL };
  const nginxExtra = { ...nginx, MEDIA_ORIGIN_URL: e.MEDIA_ORIGIN_URL, MEDIA_HOOK_TOKEN: e.MEDIA_HOOK_TOKEN };
  if (Object.values(nginxExtra).some(Boolean)) {
    for (const [name, value] of Object.entries(nginxExtra))
      if (!value) problems.push(`${name}: required with the nginx media settings (README, scaled out)`);
    if (!e.MEDIA_SIGNING_KEY) problems.push('MEDIA_SIGNING_KEY: required with MEDIA_PLAYBACK_URL (the edge checks it)');
    else if (/[\s"'{};$\\]/.test(e.MEDIA_SIGNING_KEY))
      problems.push(
        'MEDIA_SIGNING_KEY: no spaces, quotes, braces, ; $ or \\ with nginx (it is written into its configuration)',
      );
  }
  if (e.TENCENT_MAP_SK && !e.TENCENT_MAP_KEY) problems.push('TENCENT_MAP_KEY: required with TENCENT_MAP_SK');
  const wechatRequired = {
    WECHAT_APPID: e.WECHAT_APPID,
    WECHAT_MCHID: e.WECHAT_MCHID,
    WECHAT_MERCHANT_SERIAL: e.WECHAT_MERCHANT_SERIAL,
    WECHAT_PRIVATE_KEY_PATH: e.WECHAT_PRIVATE_KEY_PATH,
    WECHAT_API_V3_KEY: e.WECHAT_API_V3_KEY,
    WECHAT_PLATFORM_KEY_PATH: e.WECHAT_PLATFORM_KEY_PATH,
  };
  if (e.PAYMENT_PROVIDER === 'wechat')
    for (const [name, value] of Object.entries(wechatRequired))
      if (!value) problems.push(`${name}: required with PAYMENT_PROVIDER=wechat`);
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(
    /\/$/,
    '',
  );
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    assetHost: e.ASSET_HOST.replace(/\/$/, ''),
    webDist: path.resolve(cwd, e.WEB_DIST ?? path.join(import.meta.dirname, '../../../web/dist')),
    station: {
      bundle: path.resolve(
        cwd,
        e.STATION_BUNDLE ?? path.join(import.meta.dirname, '../../../feeder/dist/petheart-feeder.mjs'),
      ),
      installer: path.join(import.meta.dirname, '../../../../deploy/station/install.sh'),
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    tokenTtlMs: e.TOKEN_TTL_DAYS * 86_400_000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    uploadDir: path.join(dataDir, 'uploads'),
    codeIpLimitPerHour: e.CODE_IP_LIMIT_PER_HOUR,
    seedDemo: e.SEED_DEMO,
    seedDemoContent: e.SEED_DEMO && (e.SEED_DEMO_CONTENT ?? e.NODE_ENV !== 'test'),
    simFeeders: e.SEED_DEMO ? (e.SIM_FEEDERS ?? (e.NODE_ENV === 'test' ? 0 : 4)) : 0,
    feedTimeoutMs: e.FEED_TIMEOUT_MS,
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
    media: {
      // Under test the ~100 API instances of the integration suite start no media server unless asked to.
      enabled: e.MEDIA_ENABLED ?? e.NODE_ENV !== 'test',
      host: e.MEDIA_HOST,
      rtmpPort: e.MEDIA_RTMP_PORT ?? (e.NODE_ENV === 'test' ? 0 : 1935),
      signingKey: e.MEDIA_SIGNING_KEY,
      playbackTtlMs: e.MEDIA_PLAYBACK_TTL_SECONDS * 1000,
      dir: path.join(dataDir, 'media'),
      ffmpegPath: e.FFMPEG_PATH,
      proofClipRetentionMs: e.PROOF_CLIP_RETENTION_DAYS * 86_400_000,
      liveClipRetentionMs: e.LIVE_CLIP_RETENTION_DAYS * 86_400_000,
      nginx:
        e.MEDIA_INGEST_URL && e.MEDIA_PLAYBACK_URL && e.MEDIA_ORIGIN_URL && e.MEDIA_HOOK_TOKEN && e.MEDIA_SIGNING_KEY
          ? {
              ingestUrl: e.MEDIA_INGEST_URL,
              playbackUrl: e.MEDIA_PLAYBACK_URL.replace(/\/$/, ''),
              originUrl: e.MEDIA_ORIGIN_URL.replace(/\/$/, ''),
              hookToken: e.MEDIA_HOOK_TOKEN,
              signingKey: e.MEDIA_SIGNING_KEY,
            }
          : undefined,
    },
    payment: {
      provider: e.PAYMENT_PROVIDER,
      dir: path.join(dataDir, 'payment'),
      orderTtlMs: e.PAYMENT_ORDER_TTL_MINUTES * 60_000,
      wechat: wechatConfig(e, publicUrl, cwd),
    },
    cashout: { cardKey: e.CASHOUT_CARD_KEY, dir: path.join(dataDir, 'cashout') },
    statement: { pseudonymKey: e.STATEMENT_PSEUDONYM_KEY, dir: path.join(dataDir, 'statement') },
    maps: {
      tencentKey: e.TENCENT_MAP_KEY,
      tencentSecretKey: e.TENCENT_MAP_SK,
      tencentApiBase: e.TENCENT_MAP_API_BASE.replace(/\/$/, ''),
    },
  };
}
