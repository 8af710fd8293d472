import {
  ArticleDataSchema,
  ArticleListDataSchema,
  ContentArticleBodySchema,
  ContentArticlesBodySchema,
  ContentHomeDataSchema,
  ContentPageBodySchema,
  ContentQaBodySchema,
  PageDataSchema,
  QaListDataSchema,
} from '../content';
import { post } from '../endpoint';

const tag = 'content';

/** /api/content/home|qa|articles|article|page: what readers see (tourists too), in the request's language. */
export const contentEndpoints = {
  home: post('/api/content/home', { auth: 'none', tag, data: ContentHomeDataSchema }),
  qa: post('/api/content/qa', { auth: 'none', tag, input: ContentQaBodySchema, data: QaListDataSchema }),
  articles: post('/api/content/articles', {
    auth: 'none',
    tag,
    input: ContentArticlesBodySchema,
    data: ArticleListDataSchema,
  }),
  article: post('/api/content/article', {
    auth: 'none',
    tag,
    input: ContentArticleBodySchema,
    data: ArticleDataSchema,
  }),
  page: post('/api/content/page', { auth: 'none', tag, input: ContentPageBodySchema, data: PageDataSchema }),
};
