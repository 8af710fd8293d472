import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConsoleLedgerAccountListBodySchema,
  ConsoleLedgerAccountListDataSchema,
  ConsoleLedgerTransactionListBodySchema,
  ConsoleLedgerTransactionListDataSchema,
  ConsolePaymentDetailBodySchema,
  ConsolePaymentDetailSchema,
  ConsolePaymentListBodySchema,
  ConsolePaymentListDataSchema,
  ConsoleSettingsSchema,
  ConsoleSettingsUpdateBodySchema,
  EmptySchema,
  LedgerCheckStateSchema,
  envelope,
} from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { LedgerChecker } from './checker';
import type { AdminMoneyService } from './service';

const admin = { auth: 'admin' as const };
const tags = ['admin'];
const NoBody = EmptySchema.optional();

/**
 * The console's money (admins only): /api/admin/settings/get|update (recharge packages, default portions),
 * /api/admin/payment/list|detail, /api/admin/ledger/transactions|accounts, /api/admin/ledger/check[/run].
 */
export const moneyConsoleRoutes: FastifyPluginAsyncZod<{ money: AdminMoneyService; checker: LedgerChecker }> = async (
  app,
  { money, checker },
) => {
  app.post(
    '/api/admin/settings/get',
    { config: admin, schema: { tags, body: NoBody, response: { 200: envelope(ConsoleSettingsSchema) } } },
    async () => ok(await money.settings()),
  );
  app.post(
    '/api/admin/settings/update',
    {
      config: admin,
      schema: { tags, body: ConsoleSettingsUpdateBodySchema, response: { 200: envelope(ConsoleSettingsSchema) } },
    },
    async (request) => ok(await money.updateSettings(request.body), request.t('ok.saved')),
  );
  app.post(
    '/api/admin/payment/list',
    {
      config: admin,
      schema: { tags, body: ConsolePaymentListBodySchema, response: { 200: envelope(ConsolePaymentListDataSchema) } },
    },
    async (request) => ok(await money.payments(request.body)),
  );
  app.post(
    '/api/admin/payment/detail',
    {
      config: admin,
      schema: { tags, body: ConsolePaymentDetailBodySchema, response: { 200: envelope(ConsolePaymentDetailSchema) } },
    },
    async (request) => ok(await money.payment(request.body.order_no)),
  );
  app.post(
    '/api/admin/ledger/transactions',
    {
      config: admin,
      schema: {
        tags,
        body: ConsoleLedgerTransactionListBodySchema,
        response: { 200: envelope(ConsoleLedgerTransactionListDataSchema) },
      },
    },
    async (request) => ok(await money.transactions(request.body)),
  );
  app.post(
    '/api/admin/ledger/accounts',
    {
      config: admin,
      schema: {
        tags,
        body: ConsoleLedgerAccountListBodySchema,
        response: { 200: envelope(ConsoleLedgerAccountListDataSchema) },
      },
    },
    async (request) => ok(await money.accounts(request.body)),
  );
  app.post(
    '/api/admin/ledger/check',
    { config: admin, schema: { tags, body: NoBody, response: { 200: envelope(LedgerCheckStateSchema) } } },
    async () => ok(await checker.state()),
  );
  app.post(
    '/api/admin/ledger/check/run',
    { config: admin, schema: { tags, body: NoBody, response: { 200: envelope(LedgerCheckStateSchema) } } },
    async (request) =>
      ok({ latest: await checker.run('manual'), interval_s: checker.intervalS }, request.t('ok.ledgerChecked')),
  );
};
