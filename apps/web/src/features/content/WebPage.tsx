import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui';
import { frameableUrl, keyOf } from './api';
import { ContentPageView } from './PageView';
import { NoIntroduction } from './parts';
import styles from './content.module.css';

/**
 * An address from the query string (?url=…) is not content an editor chose: it is never framed under the app's
 * bar (that would lend it the app's look), only shown with a link out, and only when it is https.
 */
function OutsideLink({ url }: { url: string }) {
  const { t } = useTranslation('content');
  const href = frameableUrl(url);
  return (
    <>
      <PageHeader title={t('titles.web')} />
      {href ? (
        <div className={`${styles.card} ${styles.leave}`}>
          <p>{t('leaving')}</p>
          <span className={styles.address}>{href}</span>
          <p>{t('leavingHint')}</p>
          <a className={styles.primary} href={href} target="_blank" rel="noopener noreferrer">
            {t('continue')}
          </a>
        </div>
      ) : (
        <NoIntroduction />
      )}
    </>
  );
}

/**
 * /pages/public/web?key=…: a web page an editor added (its https address in a frame, with a link to open it in
 * the browser); ?url=… (no key): an outside address behind a "leaving PetHeart" notice.
 */
export default function WebPage() {
  const [params] = useSearchParams();
  const key = keyOf(params.get('key'));
  const url = params.get('url');
  return (
    <div className={styles.page}>
      {key === null && url ? (
        <OutsideLink url={url} />
      ) : (
        <ContentPageView key={key ?? ''} pageKeyValue={key} route="web" />
      )}
    </div>
  );
}
