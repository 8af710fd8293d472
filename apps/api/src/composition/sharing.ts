import type { AppConfig } from '../config/env';
import type { Clock } from '../lib/clock';
import { keptKey } from '../lib/key-file';
import { certificatePng } from '../modules/feed-stats/certificate-image';
import { CertificateLinks } from '../modules/feed-stats/certificate-link';
import { CertificateShareService } from '../modules/feed-stats/certificate-share';
import type { FeedStatsRepository } from '../modules/feed-stats/repository';
import { CertificateSharePreview } from '../modules/feed-stats/share-preview';
import { JsapiTickets } from '../modules/share/jsapi-ticket';
import { WechatShareService } from '../modules/share/service';

/** A drawn certificate picture is reused this long; after a failure WeChat is asked again after this long. */
const CERTIFICATE_IMAGE_CACHE_MS = 10 * 60_000;
const WECHAT_RETRY_MS = 30_000;

/**
 * Sharing (issue 29 §4): the certificate's public link (its key from CERTIFICATE_LINK_KEY, else kept in
 * DATA_DIR/certificate), its page data, picture and link preview; the WeChat JS-SDK signature (WECHAT_APPID with
 * WECHAT_SECRET).
 */
export async function wireSharing({
  config,
  clock,
  feedStatsRepository,
}: {
  config: AppConfig;
  clock: Clock;
  feedStatsRepository: FeedStatsRepository;
}) {
  const { share } = config;
  const key = share.certificateLinkKey
    ? Buffer.from(share.certificateLinkKey, 'hex')
    : await keptKey(share.dir, 'link-key', 'certificate link key');
  const certificateShare = new CertificateShareService({
    stats: feedStatsRepository,
    links: new CertificateLinks(key),
    clock,
    draw: certificatePng,
    imageCacheMs: CERTIFICATE_IMAGE_CACHE_MS,
  });
  const certificatePreview = new CertificateSharePreview({
    certificates: certificateShare,
    publicUrl: config.publicUrl,
  });
  const wechatShare = new WechatShareService({
    wechat: share.wechat && {
      appId: share.wechat.appId,
      tickets: new JsapiTickets({ ...share.wechat, clock }),
    },
    publicUrl: config.publicUrl,
    clock,
    retryAfterMs: WECHAT_RETRY_MS,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[wechat share]', error);
    },
  });
  return { certificateShare, certificatePreview, wechatShare };
}
