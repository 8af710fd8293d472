import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSafeHref, type Page, type PageKind } from '@petheart/contracts';
import { imageUrl } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { EmptyState, PageHeader } from '../../shared/ui';
import { frameableUrl, pageKey } from './api';
import { Body, LoadFailed, Loading, NoIntroduction, OtherLanguage, useContentApi } from './parts';
import styles from './content.module.css';

/** A web page's address in a frame (https only), with a link to open it in the browser if it refuses framing. */
function WebFrame({ page }: { page: Page }) {
  const { t } = useTranslation('content');
  const src = frameableUrl(page.url);
  if (!src) {
    // Not something to frame (http, or a path of this site): the link alone.
    if (!isSafeHref(page.url)) return <NoIntroduction />;
    return (
      <div className={styles.leave}>
        <span className={styles.address}>{page.url}</span>
        <a className={styles.primary} href={page.url} target="_blank" rel="noopener noreferrer">
          {t('openInBrowser')}
        </a>
      </div>
    );
  }
  return (
    <div className={styles.web}>
      {page.body.length > 0 && (
        <div className={styles.webIntro}>
          <Body body={page.body} />
        </div>
      )}
      <div className={styles.frameBar}>
        <span>{t('frameHint')}</span>
        <a href={src} target="_blank" rel="noopener noreferrer">
          {t('openInBrowser')}
        </a>
      </div>
      <iframe
        className={styles.frame}
        src={src}
        title={page.title}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        referrerPolicy="no-referrer"
        loading="lazy"
      />
    </div>
  );
}

/** A public video: the player (with its poster), then the title and the optional introduction. */
function VideoView({ page, assetHost }: { page: Page; assetHost: string }) {
  const { t } = useTranslation('content');
  const { locale } = useLanguage();
  const [failed, setFailed] = useState(false);
  const src = page.url && isSafeHref(page.url) ? imageUrl(page.url, assetHost, '') : '';
  return (
    <>
      {!src ? (
        <NoIntroduction />
      ) : failed ? (
        <EmptyState
          text={t('videoUnsupported')}
          action={
            <a className="ph-link-button" href={src} target="_blank" rel="noopener noreferrer">
              {t('openInBrowser')}
            </a>
          }
        />
      ) : (
        <video
          className={styles.video}
          src={src}
          poster={page.cover ? imageUrl(page.cover, assetHost) : undefined}
          controls
          playsInline
          preload="metadata"
          onError={() => {
            setFailed(true);
          }}
          data-testid="public-video"
        />
      )}
      <section className={styles.videoIntro}>
        <h2 className={styles.videoTitle}>{page.title}</h2>
        <OtherLanguage lang={page.lang} locale={locale} />
        {page.body.length > 0 ? <Body body={page.body} /> : <NoIntroduction />}
      </section>
    </>
  );
}

/** A custom or single page: its text (or "no introduction yet"). */
function TextView({ page }: { page: Page }) {
  const { locale } = useLanguage();
  return (
    <article className={styles.pageBody}>
      <OtherLanguage lang={page.lang} locale={locale} />
      {page.body.length > 0 ? <Body body={page.body} /> : <NoIntroduction />}
    </article>
  );
}

/**
 * A page by key (custom, web, single page, video). It is shown as the kind its editor made it, whichever of
 * the four routes opened it; `route` names the title used while it loads or when there is none.
 */
export function ContentPageView({ pageKeyValue, route }: { pageKeyValue: string | null; route: PageKind }) {
  const { t } = useTranslation('content');
  const { locale } = useLanguage();
  const { config } = useSession();
  const api = useContentApi();
  const query = useQuery({
    queryKey: pageKey(pageKeyValue ?? '', locale),
    queryFn: () => api.page(pageKeyValue ?? ''),
    enabled: pageKeyValue !== null,
  });
  const fallbackTitle = t(`titles.${route}`);
  if (pageKeyValue === null) {
    return (
      <>
        <PageHeader title={fallbackTitle} />
        <NoIntroduction />
      </>
    );
  }
  if (query.isPending || query.isError) {
    return (
      <>
        <PageHeader title={fallbackTitle} />
        {query.isError ? <LoadFailed onRetry={() => void query.refetch()} /> : <Loading />}
      </>
    );
  }
  const page = query.data;
  if (!page) {
    return (
      <>
        <PageHeader title={fallbackTitle} />
        <NoIntroduction />
      </>
    );
  }
  const assetHost = config?.asset_host ?? '';
  return (
    <>
      {/* A video shows its title under the player; the bar keeps the route's name. */}
      <PageHeader title={page.kind === 'video' ? t('titles.video') : page.title || fallbackTitle} />
      {page.kind === 'web' ? (
        <WebFrame page={page} />
      ) : page.kind === 'video' ? (
        <VideoView page={page} assetHost={assetHost} />
      ) : (
        <TextView page={page} />
      )}
    </>
  );
}
