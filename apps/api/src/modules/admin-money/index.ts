import { routes, type ApiModule } from '../../api-module';
import type { LedgerChecker } from './checker';
import { moneyConsoleRoutes } from './console-routes';
import type { AdminMoneyService } from './service';

/** The console's money pages; the ledger's invariant checker runs every 10 minutes while the app does. */
export function adminMoneyModule(s: { adminMoney: AdminMoneyService; ledgerChecker: LedgerChecker }): ApiModule {
  return {
    name: 'admin-money',
    routes: [routes(moneyConsoleRoutes, { money: s.adminMoney, checker: s.ledgerChecker })],
    lifecycle: [
      {
        name: 'ledger checker',
        start: () => {
          s.ledgerChecker.start();
        },
        stop: () => s.ledgerChecker.stop(),
      },
    ],
  };
}
