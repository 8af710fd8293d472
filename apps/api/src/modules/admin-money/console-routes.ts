import type { FastifyPluginAsync } from 'fastify';
import { adminMoneyConsoleEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import type { LedgerChecker } from './checker';
import type { AdminMoneyService } from './service';

/**
 * The console's money (admins only): /api/admin/settings/get|update (recharge packages, default portions),
 * /api/admin/payment/list|detail, /api/admin/ledger/transactions|accounts, /api/admin/ledger/check[/run].
 */
export const moneyConsoleRoutes: FastifyPluginAsync<{ money: AdminMoneyService; checker: LedgerChecker }> = async (
  app,
  { money, checker },
) => {
  route(app, e.settingsGet, () => money.settings());
  route(app, e.settingsUpdate, (request) => money.updateSettings(request.body));
  route(app, e.paymentList, (request) => money.payments(request.body));
  route(app, e.paymentDetail, (request) => money.payment(request.body.order_no));
  route(app, e.ledgerTransactions, (request) => money.transactions(request.body));
  route(app, e.ledgerAccounts, (request) => money.accounts(request.body));
  route(app, e.ledgerCheck, () => checker.state());
  route(app, e.ledgerCheckRun, async () => ({ latest: await checker.run('manual'), interval_s: checker.intervalS }));
};
