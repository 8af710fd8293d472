import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, imageUrl } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { PageHeader } from '../../shared/ui';
import { articleKey, idOf } from './api';
import { Body, LoadFailed, Loading, NoIntroduction, OtherLanguage, useContentApi } from './parts';
import styles from './content.module.css';

function ArticleView({ id }: { id: number }) {
  const { t } = useTranslation('content');
  const { locale } = useLanguage();
  const { config } = useSession();
  const api = useContentApi();
  const query = useQuery({ queryKey: articleKey(id, locale), queryFn: () => api.article(id) });
  if (query.isPending) {
    return (
      <>
        <PageHeader title={t('titles.article')} />
        <Loading />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title={t('titles.article')} />
        <LoadFailed onRetry={() => void query.refetch()} />
      </>
    );
  }
  const article = query.data;
  if (!article) {
    return (
      <>
        <PageHeader title={t('titles.article')} />
        <NoIntroduction />
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('titles.article')} />
      {article.cover && <img className={styles.cover} src={imageUrl(article.cover, config?.asset_host ?? '')} alt="" />}
      <article className={styles.article}>
        <h2 className={styles.headline}>{article.title}</h2>
        <p className={styles.meta}>
          {t('publishedOn', { date: formatDate(new Date(article.created_at * 1000), locale) })}
        </p>
        <OtherLanguage lang={article.lang} locale={locale} />
        {article.body.length > 0 ? <Body body={article.body} /> : <NoIntroduction />}
      </article>
    </>
  );
}

/** /pages/public/article?id=…: an article in the reader's language (or a fallback), or "no introduction yet". */
export default function ArticlePage() {
  const { t } = useTranslation('content');
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  return (
    <div className={styles.page}>
      {id === null ? (
        <>
          <PageHeader title={t('titles.article')} />
          <NoIntroduction />
        </>
      ) : (
        <ArticleView key={id} id={id} />
      )}
    </div>
  );
}
