import type { Env } from './env-schema';

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
  /**
   * Web Push (issue 29 §2): the VAPID keys (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or a private key generated once
   * and kept in `dir`) and subject. Push endpoints must be https, but under test (a local stand-in push service).
   */
  push: {
    vapidPublicKey: string | undefined;
    vapidPrivateKey: string | undefined;
    vapidSubject: string;
    dir: string;
    allowHttpEndpoints: boolean;
  };
  /**
   * Shared links (issue 29 §4): certificate link ids are made with `certificateLinkKey` (hex, CERTIFICATE_LINK_KEY) or
   * a random key generated once and kept in `dir`; `wechat` (WECHAT_APPID with WECHAT_SECRET) lets pages inside
   * WeChat set their share card through the JS-SDK.
   */
  share: {
    certificateLinkKey: string | undefined;
    dir: string;
    wechat: { appId: string; secret: string; apiUrl: string } | undefined;
  };
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
