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
  LedgerCheckStateSchema,
} from '../console-money';
import { post } from '../endpoint';
import { EmptySchema } from '../envelope';

const tag = 'admin';
const NoBody = EmptySchema.optional();

/**
 * The console's money (admins only): /api/admin/settings/get|update (recharge packages, default portions),
 * /api/admin/payment/list|detail, /api/admin/ledger/transactions|accounts, /api/admin/ledger/check[/run].
 */
export const adminMoneyConsoleEndpoints = {
  settingsGet: post('/api/admin/settings/get', { auth: 'admin', tag, input: NoBody, data: ConsoleSettingsSchema }),
  settingsUpdate: post('/api/admin/settings/update', {
    auth: 'admin',
    tag,
    input: ConsoleSettingsUpdateBodySchema,
    data: ConsoleSettingsSchema,
    message: 'ok.saved',
  }),
  paymentList: post('/api/admin/payment/list', {
    auth: 'admin',
    tag,
    input: ConsolePaymentListBodySchema,
    data: ConsolePaymentListDataSchema,
  }),
  paymentDetail: post('/api/admin/payment/detail', {
    auth: 'admin',
    tag,
    input: ConsolePaymentDetailBodySchema,
    data: ConsolePaymentDetailSchema,
  }),
  ledgerTransactions: post('/api/admin/ledger/transactions', {
    auth: 'admin',
    tag,
    input: ConsoleLedgerTransactionListBodySchema,
    data: ConsoleLedgerTransactionListDataSchema,
  }),
  ledgerAccounts: post('/api/admin/ledger/accounts', {
    auth: 'admin',
    tag,
    input: ConsoleLedgerAccountListBodySchema,
    data: ConsoleLedgerAccountListDataSchema,
  }),
  ledgerCheck: post('/api/admin/ledger/check', { auth: 'admin', tag, input: NoBody, data: LedgerCheckStateSchema }),
  ledgerCheckRun: post('/api/admin/ledger/check/run', {
    auth: 'admin',
    tag,
    input: NoBody,
    data: LedgerCheckStateSchema,
    message: 'ok.ledgerChecked',
  }),
};
