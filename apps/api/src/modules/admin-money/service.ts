import type {
  ConsoleLedgerAccountListBody,
  ConsoleLedgerAccountListData,
  ConsoleLedgerTransactionListBody,
  ConsoleLedgerTransactionListData,
  ConsolePaymentDetail,
  ConsolePaymentListBody,
  ConsolePaymentListData,
  ConsoleSettings,
  ConsoleSettingsUpdateBody,
} from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { ConfigurationService } from '../configuration/service';
import { rechargeKey } from '../payment/ledger-crediting';
import type { LedgerSearchRepository } from './ledger-search';
import type { PaymentSearchRepository } from './payment-search';
import { toConsoleAccount, toConsoleOrder, toConsoleTransactions, toNotificationLog } from './presenter';

export interface AdminMoneyServiceDeps {
  configuration: Pick<ConfigurationService, 'settings' | 'patchSettings'>;
  currency: string;
  payments: PaymentSearchRepository;
  ledger: LedgerSearchRepository;
}

/** The console's money pages: the recharge packages and default portions, payment orders, the ledger. */
export class AdminMoneyService {
  constructor(private readonly deps: AdminMoneyServiceDeps) {}

  async settings(): Promise<ConsoleSettings> {
    const s = await this.deps.configuration.settings();
    return {
      currency: this.deps.currency,
      recharge_packages: s.recharge_packages,
      feeding_portions: s.feeding_portions,
    };
  }

  /** Saves the lists given; getConfiguration (and new orders, feeds) use them at once. */
  async updateSettings(body: ConsoleSettingsUpdateBody): Promise<ConsoleSettings> {
    const s = await this.deps.configuration.patchSettings({
      ...(body.recharge_packages ? { recharge_packages: body.recharge_packages } : {}),
      ...(body.feeding_portions ? { feeding_portions: body.feeding_portions } : {}),
    });
    return {
      currency: this.deps.currency,
      recharge_packages: s.recharge_packages,
      feeding_portions: s.feeding_portions,
    };
  }

  async payments(q: ConsolePaymentListBody): Promise<ConsolePaymentListData> {
    const { rows, total } = await this.deps.payments.list(q);
    return { list: rows.map(toConsoleOrder), total, page: q.page, limit: q.limit };
  }

  /** An order with its notification log and the ledger transaction that credited it. */
  async payment(orderNo: string): Promise<ConsolePaymentDetail> {
    const order = await this.deps.payments.byOrderNo(orderNo);
    if (!order) throw new AppError('order_not_found');
    const [notifications, credit] = await Promise.all([
      this.deps.payments.notificationsOf(orderNo),
      this.deps.ledger.transactionByKey(rechargeKey(orderNo)),
    ]);
    const [transaction] = credit ? toConsoleTransactions([credit], await this.deps.ledger.entriesOf([credit.id])) : [];
    return {
      order: toConsoleOrder(order),
      notifications: notifications.map(toNotificationLog),
      ledger_transaction: transaction ?? null,
    };
  }

  async transactions(q: ConsoleLedgerTransactionListBody): Promise<ConsoleLedgerTransactionListData> {
    const { rows, total } = await this.deps.ledger.transactions(q);
    const entries = await this.deps.ledger.entriesOf(rows.map((r) => r.id));
    return { list: toConsoleTransactions(rows, entries), total, page: q.page, limit: q.limit };
  }

  async accounts(q: ConsoleLedgerAccountListBody): Promise<ConsoleLedgerAccountListData> {
    const { rows, total } = await this.deps.ledger.accounts(q);
    return { list: rows.map(toConsoleAccount), total, page: q.page, limit: q.limit };
  }
}
