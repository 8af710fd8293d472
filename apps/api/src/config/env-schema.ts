import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the API reads. `.env.example` documents each one. */
export const EnvSchema = z.object({
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
  /** The official account's AppSecret: with WECHAT_APPID, pages inside WeChat set their share card (JS-SDK). */
  WECHAT_SECRET: z.string().min(1).optional(),
  /** WeChat's official account API (access_token, jsapi_ticket); tests point it at a local stand-in. */
  WECHAT_API_URL: z.url().default('https://api.weixin.qq.com'),
  /** Key of the certificates' public link ids: 64 hex characters; unset = a key kept in DATA_DIR/certificate. */
  CERTIFICATE_LINK_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 random bytes, e.g. `openssl rand -hex 32`)')
    .optional(),
  /** The Tencent location web service (maps, decision 016): its key, and the SK of its signature check. */
  TENCENT_MAP_KEY: z.string().min(1).optional(),
  TENCENT_MAP_SK: z.string().min(1).optional(),
  TENCENT_MAP_API_BASE: z.url().default('https://apis.map.qq.com'),
  /** Web Push (issue 29 §2): the VAPID key pair (base64url); unset = a private key generated once in DATA_DIR/push. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^B[A-Za-z0-9_-]{86}$/,
      'must be the base64url public key (87 characters, `npx web-push generate-vapid-keys`)',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url private key (43 characters)')
    .optional(),
  /** The contact push services may write to: mailto: or https:; default PUBLIC_URL when https, else MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: address')
    .optional(),
});

/** Every variable the configuration reads (`.env.example` documents each: env-example.test.ts). */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape);

export type Env = z.infer<typeof EnvSchema>;
