import type { Clock } from '../lib/clock';
import type { AppConfig } from '../config/env';
import type { Database, DatabaseHandle } from '../db/client';
import type { RateLimits } from '../lib/rate-limit/rate-limits';
import { LedgerChecker } from '../modules/admin-money/checker';
import { LedgerSearchRepository } from '../modules/admin-money/ledger-search';
import { PaymentSearchRepository } from '../modules/admin-money/payment-search';
import { AdminMoneyService } from '../modules/admin-money/service';
import type { SettingsRepository } from '../modules/configuration/repository';
import { CURRENCY, type ConfigurationService } from '../modules/configuration/service';
import { LedgerAuditRepository } from '../modules/ledger/audit-repository';
import { LedgerRepository } from '../modules/ledger/repository';
import { LedgerService } from '../modules/ledger/service';
import { ledgerRechargeCrediting } from '../modules/payment/ledger-crediting';
import { PaymentRepository } from '../modules/payment/repository';
import { PaymentService } from '../modules/payment/service';
import { configuredPayment } from '../modules/payment/setup';
import { supportHelpPayCrediting } from '../modules/support/help-pay-crediting';
import type { UserService } from '../modules/user/service';

/** The coin ledger, the console's money pages and checker, payments (with help-pay's ledger for support). */
export async function wireMoney({
  config,
  database,
  clock,
  rateLimits,
  users,
  configuration,
  settingsRepository,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  rateLimits: RateLimits;
  users: UserService;
  configuration: ConfigurationService;
  settingsRepository: SettingsRepository;
}) {
  const { db } = database;
  // The coin ledger (decision 009): users.balance follows the wallet, so a change drops the cached userinfo.
  const ledger = new LedgerService({
    ledger: new LedgerRepository(db),
    audit: new LedgerAuditRepository(db),
    clock,
    onWalletChange: (userId) => {
      users.forget(userId);
    },
  });
  // The console's money pages, and the invariant checker run every 10 minutes (and on an admin's request).
  const adminMoney = new AdminMoneyService({
    configuration,
    currency: CURRENCY,
    payments: new PaymentSearchRepository(db),
    ledger: new LedgerSearchRepository(db),
  });
  const ledgerChecker = new LedgerChecker({
    check: () => ledger.checkInvariants(),
    store: settingsRepository,
    intervalMs: 600_000,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[ledger check]', error);
    },
    onProblems: (result) => {
      if (config.logLevel !== 'silent')
        console.warn(`[ledger check] ${String(result.problem_count)} problem(s)`, result.problems.slice(0, 10));
    },
  });

  // Payments (decision 010): recharge orders through the configured provider (the sandbox by default);
  // a paid order is credited by the ledger inside the transaction that marks it paid.
  const paymentRepository = new PaymentRepository(db);
  const paymentSetup = await configuredPayment(config, {
    clock,
    findOrder: (orderNo) => paymentRepository.byOrderNo(orderNo),
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[payment sandbox]', error);
    },
  });
  if (paymentSetup.sandbox && config.env === 'production' && config.logLevel !== 'silent')
    console.warn('[payment] PAYMENT_PROVIDER=sandbox: payments are simulated, recharges cost nothing');
  // Support (decision 016): gifts and help-pay credits join the caller's transaction (the gift's, the order's).
  const supportAccountIds = new Map<string, number>();
  const supportLedgerIn = (tx: Database) =>
    new LedgerService({
      ledger: new LedgerRepository(tx, { joined: true }),
      audit: new LedgerAuditRepository(tx),
      clock,
      accountIds: supportAccountIds,
    });
  const payments = new PaymentService({
    orders: paymentRepository,
    provider: paymentSetup.provider,
    crediting: ledgerRechargeCrediting(
      (tx) => new LedgerService({ ledger: new LedgerRepository(tx), audit: new LedgerAuditRepository(tx), clock }),
    ),
    helpPay: supportHelpPayCrediting({ ledgerIn: supportLedgerIn, clock }),
    packages: async () => (await configuration.settings()).recharge_packages,
    // 20 new orders per user per 10 minutes.
    limiter: rateLimits.limiter('payment-orders', [{ limit: 20, ms: 600_000 }]),
    clock,
    currency: 'CNY',
    orderTtlMs: config.payment.orderTtlMs,
    onCredited: (order) => {
      users.forget(order.userId);
    },
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[payment]', error);
    },
  });

  return { ledger, adminMoney, ledgerChecker, paymentSandbox: paymentSetup.sandbox, payments, supportLedgerIn };
}
