import { routes, type ApiModule } from '../../api-module';
import type { CashoutAdminService } from './admin-service';
import { cashoutConsoleRoutes } from './console-routes';
import { cashoutRoutes } from './routes';
import type { CashoutService } from './service';

/** Cash-out (decision 015): operators' requests; the console's processing. */
export function cashoutModule(s: { cashouts: CashoutService; cashoutAdmin: CashoutAdminService }): ApiModule {
  return {
    name: 'cashout',
    routes: [
      routes(cashoutRoutes, { cashouts: s.cashouts }),
      routes(cashoutConsoleRoutes, { cashoutAdmin: s.cashoutAdmin }),
    ],
  };
}
