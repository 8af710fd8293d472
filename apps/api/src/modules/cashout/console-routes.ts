import type { FastifyPluginAsync } from 'fastify';
import { CASHOUT_ADMIN_ACTIONS, cashoutConsoleEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { CashoutAdminService } from './admin-service';

/** /api/admin/cashout/*: the console processes cash-outs and edits the cash-out rules (admins only). */
export const cashoutConsoleRoutes: FastifyPluginAsync<{ cashoutAdmin: CashoutAdminService }> = async (
  app,
  { cashoutAdmin },
) => {
  route(app, e.list, (request) => cashoutAdmin.list(request.body));
  route(app, e.detail, (request) => cashoutAdmin.detail(request.body.id));
  // One endpoint per action: reject and failed need the reason, the others take an optional note.
  for (const action of CASHOUT_ADMIN_ACTIONS) {
    route(app, e[action], (request) =>
      cashoutAdmin.act(action, request.body.id, request.body.note, currentUser(request).id),
    );
  }
  route(app, e.settings, () => cashoutAdmin.settings());
  route(app, e.settingsUpdate, (request) => cashoutAdmin.updateSettings(request.body));
};
