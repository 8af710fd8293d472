import { createECDH } from 'node:crypto';
import path from 'node:path';
import { EnvSchema, type Env } from './env-schema';
import type { AppConfig, WechatPayConfig } from './app-config';

export { ENV_VARIABLES, type Env } from './env-schema';
export type { AppConfig, NginxMediaConfig, OAuthClientConfig, WechatPayConfig } from './app-config';

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

/** The VAPID keys come as a pair, and the public one must be the private one's. */
function vapidProblems(publicKey: string | undefined, privateKey: string | undefined): string[] {
  if (!publicKey && !privateKey) return [];
  if (!publicKey || !privateKey) return ['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither'];
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    if (ecdh.getPublicKey().toString('base64url') === publicKey) return [];
  } catch {
    return ['VAPID_PRIVATE_KEY: not a P-256 private key'];
  }
  return ['VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY'];
}

/** Push services' contact by default: the site when it is https, else the mail sender's address. */
function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
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
  if (e.WECHAT_SECRET && !e.WECHAT_APPID) problems.push('WECHAT_APPID: required with WECHAT_SECRET');
  problems.push(...vapidProblems(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY));
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
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT ?? vapidSubject(publicUrl, e.MAIL_FROM),
      dir: path.join(dataDir, 'push'),
      allowHttpEndpoints: e.NODE_ENV === 'test',
    },
    maps: {
      tencentKey: e.TENCENT_MAP_KEY,
      tencentSecretKey: e.TENCENT_MAP_SK,
      tencentApiBase: e.TENCENT_MAP_API_BASE.replace(/\/$/, ''),
    },
    share: {
      certificateLinkKey: e.CERTIFICATE_LINK_KEY,
      dir: path.join(dataDir, 'certificate'),
      wechat:
        e.WECHAT_APPID && e.WECHAT_SECRET
          ? { appId: e.WECHAT_APPID, secret: e.WECHAT_SECRET, apiUrl: e.WECHAT_API_URL.replace(/\/$/, '') }
          : undefined,
    },
  };
}
