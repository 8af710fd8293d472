import { routes, type ApiModule } from '../../api-module';
import type { ContentAdminService } from './admin-service';
import { contentConsoleRoutes } from './console-routes';
import { contentRoutes } from './routes';
import type { ContentService } from './service';

/** Content (decision 013): Q&A, articles, pages, banners; the console's editing. */
export function contentModule(s: { content: ContentService; contentAdmin: ContentAdminService }): ApiModule {
  return {
    name: 'content',
    routes: [
      routes(contentRoutes, { content: s.content }),
      routes(contentConsoleRoutes, { contentAdmin: s.contentAdmin }),
    ],
  };
}
