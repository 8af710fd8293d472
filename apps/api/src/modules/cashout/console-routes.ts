import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCashoutActionBodySchema,
  AdminCashoutDetailSchema,
  AdminCashoutIdBodySchema,
  AdminCashoutListBodySchema,
  AdminCashoutListDataSchema,
  AdminCashoutReasonBodySchema,
  AdminCashoutSchema,
  CASHOUT_ADMIN_ACTIONS,
  CASHOUT_NOTE_REQUIRED,
  CashoutSettingsSchema,
  CashoutSettingsUpdateBodySchema,
  EmptySchema,
  envelope,
  type CashoutAdminAction,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { CashoutAdminService } from './admin-service';

const admin = { auth: 'admin' as const };
const tags = ['admin'];

const DONE: Record<CashoutAdminAction, string> = {
  review: 'ok.cashoutReview',
  approve: 'ok.cashoutApprove',
  reject: 'ok.cashoutReject',
  transferred: 'ok.cashoutTransferred',
  failed: 'ok.cashoutFailed',
  succeeded: 'ok.cashoutSucceeded',
  expired: 'ok.cashoutExpired',
};

/** /api/admin/cashout/*: the console processes cash-outs and edits the cash-out rules (admins only). */
export const cashoutConsoleRoutes: FastifyPluginAsyncZod<{ cashoutAdmin: CashoutAdminService }> = async (
  app,
  { cashoutAdmin },
) => {
  app.post(
    '/api/admin/cashout/list',
    {
      config: admin,
      schema: { tags, body: AdminCashoutListBodySchema, response: { 200: envelope(AdminCashoutListDataSchema) } },
    },
    async (request) => ok(await cashoutAdmin.list(request.body)),
  );
  app.post(
    '/api/admin/cashout/detail',
    {
      config: admin,
      schema: { tags, body: AdminCashoutIdBodySchema, response: { 200: envelope(AdminCashoutDetailSchema) } },
    },
    async (request) => ok(await cashoutAdmin.detail(request.body.id)),
  );
  // One route per action: reject and failed need the reason, the others take an optional note.
  for (const action of CASHOUT_ADMIN_ACTIONS) {
    const body = CASHOUT_NOTE_REQUIRED.includes(action) ? AdminCashoutReasonBodySchema : AdminCashoutActionBodySchema;
    app.post(
      `/api/admin/cashout/${action}`,
      { config: admin, schema: { tags, body, response: { 200: envelope(AdminCashoutSchema) } } },
      async (request) =>
        ok(
          await cashoutAdmin.act(action, request.body.id, request.body.note, currentUser(request).id),
          request.t(DONE[action]),
        ),
    );
  }
  app.post(
    '/api/admin/cashout/settings',
    {
      config: admin,
      schema: { tags, body: EmptySchema.optional(), response: { 200: envelope(CashoutSettingsSchema) } },
    },
    async () => ok(await cashoutAdmin.settings()),
  );
  app.post(
    '/api/admin/cashout/settings/update',
    {
      config: admin,
      schema: { tags, body: CashoutSettingsUpdateBodySchema, response: { 200: envelope(CashoutSettingsSchema) } },
    },
    async (request) => ok(await cashoutAdmin.updateSettings(request.body), request.t('ok.saved')),
  );
};
