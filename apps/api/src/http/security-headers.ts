import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSP_REPORT_PATH, securityEndpoints as e } from '@petheart/contracts';
import { route } from './endpoint-route';

/** Violations logged per minute at most; the rest are counted in one line (a page can report in a loop). */
export const CSP_REPORTS_LOGGED_PER_MINUTE = 60;

/** Where the WeChat JS-SDK's script is served (jweixin-1.6.0.js). */
export const WECHAT_JS_SDK_ORIGIN = 'https://res.wx.qq.com';

/** The origin of ASSET_HOST (a CDN for pictures), or nothing when pictures come from this origin. */
function originOf(assetHost: string): string {
  try {
    return assetHost ? new URL(assetHost).origin : '';
  } catch {
    return '';
  }
}

/**
 * The web app's Content-Security-Policy (decision 028): scripts only from this origin (no inline script, no
 * eval), no plugins, never framed, forms and the base URL to this origin; pictures also from ASSET_HOST, data:
 * and blob: (previews of a picture being uploaded); video from blob: (mpegts.js plays through Media Source);
 * the live room's socket on this origin's ws:/wss: (older Safari did not let 'self' match it); scaled out, the
 * nginx edge's HLS (MEDIA_PLAYBACK_URL) for video and for hls.js's requests; with WeChat sharing configured
 * (WECHAT_APPID and WECHAT_SECRET), the WeChat JS-SDK's script from its origin (the page loads it only inside
 * WeChat). Styles may be inline: antd-mobile sets style attributes. Violations are reported to CSP_REPORT_PATH.
 */
export function contentSecurityPolicy(options: {
  assetHost: string;
  socketOrigin: string;
  mediaHost?: string;
  wechatJsSdk?: boolean;
}): string {
  const asset = originOf(options.assetHost);
  const media = originOf(options.mediaHost ?? '');
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(options.wechatJsSdk ? [WECHAT_JS_SDK_ORIGIN] : [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...(asset ? [asset] : [])],
    ['media-src', "'self'", 'blob:', ...(media ? [media] : [])],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", options.socketOrigin, ...(media ? [media] : [])],
    ['worker-src', "'self'", 'blob:'],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ['report-uri', CSP_REPORT_PATH],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/**
 * Other origins the pages use: pictures (ASSET_HOST), the live video's edge when scaled out, the WeChat JS-SDK's
 * script when WeChat sharing is configured.
 */
interface SecurityHosts {
  assetHost: string;
  mediaHost?: string;
  wechatJsSdk?: boolean;
}

/** The features a page may use: the location (nearby support stations), nothing else. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

function isHtml(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html');
}

function setHeaders(request: FastifyRequest, reply: FastifyReply, hosts: SecurityHosts): void {
  // request.protocol is X-Forwarded-Proto only with TRUST_PROXY: a client cannot switch HSTS on by itself.
  const tls = request.protocol === 'https';
  if (tls) void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  // Pages that set their own policy (the sandbox payment page, uploaded files) keep it.
  if (!isHtml(reply) || reply.hasHeader('content-security-policy')) return;
  const socketOrigin = `${tls ? 'wss' : 'ws'}://${request.host}`;
  void reply.headers({
    'content-security-policy': contentSecurityPolicy({ ...hosts, socketOrigin }),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
  });
}

/** Browsers' violation reports: parsed as JSON, validated, logged as warnings (bounded per minute). */
const cspReportRoute: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/csp-report', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_r, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(Object.assign(new Error('the report is not JSON'), { statusCode: 400 }), undefined);
    }
  });
  let windowStart = 0;
  let logged = 0;
  let suppressed = 0;
  route(app, e.cspReport, (request) => {
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      if (suppressed > 0) request.log.warn({ suppressed }, 'content security policy violations not logged');
      windowStart = now;
      logged = 0;
      suppressed = 0;
    }
    if (logged < CSP_REPORTS_LOGGED_PER_MINUTE) {
      logged++;
      const r = request.body['csp-report'];
      request.log.warn(
        {
          document: r['document-uri'],
          blocked: r['blocked-uri'],
          directive: r['effective-directive'] ?? r['violated-directive'],
          source: r['source-file'],
          line: r['line-number'],
        },
        'content security policy violation',
      );
    } else suppressed++;
    return null;
  });
};

/** Security headers on every answer that needs them, and the policy's report route. */
export const securityPlugin = fp<SecurityHosts>(
  async (app, hosts) => {
    app.addHook('onSend', async (request, reply, payload) => {
      setHeaders(request, reply, hosts);
      return payload;
    });
    await app.register(cspReportRoute);
  },
  { name: 'security' },
);
