import { routes, type ApiModule } from '../../api-module';
import type { StatementJob } from './job';
import { statementRoutes } from './routes';
import type { StatementService } from './service';

/** Monthly statements anyone can verify (issue 28 §4): their routes and the job that generates them. */
export function statementModule(s: { statements: StatementService; statementJob: StatementJob }): ApiModule {
  return {
    name: 'statement',
    routes: [routes(statementRoutes, { statements: s.statements })],
    lifecycle: [
      {
        name: 'monthly statements',
        start: () => {
          s.statementJob.start();
        },
        stop: () => s.statementJob.stop(),
      },
    ],
  };
}
