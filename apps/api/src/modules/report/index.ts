import { routes, type ApiModule } from '../../api-module';
import { reportRoutes } from './routes';
import type { ReportService } from './service';

/** Reports of posts, comments and rooms. */
export function reportModule(s: { reports: ReportService }): ApiModule {
  return {
    name: 'report',
    routes: [routes(reportRoutes, { reports: s.reports })],
  };
}
