import type { Clock } from '../lib/clock';
import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { CashoutAdminService } from '../modules/cashout/admin-service';
import { CardCipher, cardKey } from '../modules/cashout/card-cipher';
import { CashoutMover } from '../modules/cashout/mover';
import { CashoutRepository } from '../modules/cashout/repository';
import { CashoutService, type CashoutServiceDeps } from '../modules/cashout/service';
import { CURRENCY, type ConfigurationService } from '../modules/configuration/service';
import type { LedgerService } from '../modules/ledger/service';
import type { OperatorGate } from '../modules/manage/gate';
import type { ManageRepository } from '../modules/manage/repository';
import { ManageService } from '../modules/manage/service';
import { FedGramsRepository } from '../modules/transparency/fed-grams-repository';

/** Base operators' console: their devices and revenue, cash-outs, and the console's cash-out admin. */
export async function wireOperators({
  config,
  database,
  clock,
  configuration,
  ledger,
  feedLedgerIn,
  manageRepository,
  operatorGate,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  configuration: ConfigurationService;
  ledger: LedgerService;
  /** The feed's joined ledger (cash-outs are held from earnings in the transaction that records them). */
  feedLedgerIn: CashoutServiceDeps['ledgerIn'];
  manageRepository: ManageRepository;
  operatorGate: OperatorGate;
}) {
  const { db } = database;
  // Base operators (decision 015): their devices and revenue; cash-outs held from their earnings in the
  // transaction that records them (the feed's joined ledger), card numbers sealed with the card key.
  const cashoutRules = async () => (await configuration.settings()).cash_out;
  const cashoutRepository = new CashoutRepository(db);
  const cardCipher = new CardCipher(await cardKey(config.cashout.cardKey, config.cashout.dir));
  if (
    !config.cashout.cardKey &&
    database.kind === 'postgres' &&
    config.env === 'production' &&
    config.logLevel !== 'silent'
  )
    console.warn(
      '[cashout] no CASHOUT_CARD_KEY: card numbers use a key in DATA_DIR/cashout; every API process needs it',
    );
  const cashoutMover = new CashoutMover({ repo: cashoutRepository, ledgerIn: feedLedgerIn, clock });
  const earningsOf = async (userId: number) => (await ledger.balances(userId)).earnings;
  // Grams fed per device: the one query every screen that shows them reads (issue 28 §3).
  const fedGrams = new FedGramsRepository(db);
  const manage = new ManageService({
    repo: manageRepository,
    gate: operatorGate,
    fedGrams: (deviceIds, since) => fedGrams.byDevice(deviceIds, since),
    earnings: earningsOf,
    cashedOut: (userId) => cashoutRepository.cashedOut(userId),
    coinValue: async () => (await cashoutRules()).coin_value,
    currency: CURRENCY,
    clock,
  });
  const cashouts = new CashoutService({
    repo: cashoutRepository,
    gate: operatorGate,
    cipher: cardCipher,
    mover: cashoutMover,
    rules: cashoutRules,
    currency: CURRENCY,
    ledgerIn: feedLedgerIn,
    earnings: earningsOf,
    clock,
  });
  const cashoutAdmin = new CashoutAdminService({
    repo: cashoutRepository,
    cipher: cardCipher,
    mover: cashoutMover,
    rules: cashoutRules,
    saveRules: async (rules) => (await configuration.patchSettings({ cash_out: rules })).cash_out,
    currency: CURRENCY,
  });

  return { manage, cashouts, cashoutAdmin, cashoutMover };
}
