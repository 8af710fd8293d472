import type { Clock } from '../lib/clock';
import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import type { RateLimits } from '../lib/rate-limit/rate-limits';
import type { BaseRepository } from '../modules/base/repository';
import { CURRENCY, type ConfigurationService } from '../modules/configuration/service';
import type { UploadedImages } from '../modules/content/uploaded-images';
import { configuredMaps } from '../modules/maps/setup';
import type { PaymentService } from '../modules/payment/service';
import { SupportApplicationRepository } from '../modules/support/application-repository';
import { SupportApplicationService } from '../modules/support/application-service';
import { SupportEventRepository } from '../modules/support/event-repository';
import { SupportEventService } from '../modules/support/event-service';
import { SupportGiftRepository } from '../modules/support/gift-repository';
import { SupportGiftService, type SupportGiftServiceDeps } from '../modules/support/gift-service';
import type { UserService } from '../modules/user/service';

/** Support requests, events and gifts, and the maps service. */
export function wireSupport({
  config,
  database,
  clock,
  rateLimits,
  configuration,
  uploadedImages,
  supportLedgerIn,
  payments,
  users,
  baseRepository,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  rateLimits: RateLimits;
  configuration: ConfigurationService;
  uploadedImages: UploadedImages;
  /** The support ledger that joins the gift's transaction (shared with help-pay's crediting). */
  supportLedgerIn: SupportGiftServiceDeps['ledgerIn'];
  payments: PaymentService;
  users: UserService;
  baseRepository: BaseRepository;
}) {
  const { db } = database;
  // Support requests, events and gifts, help-pay (decision 016); the maps service that picks addresses.
  const supportApplicationRepository = new SupportApplicationRepository(db);
  const supportEventRepository = new SupportEventRepository(db);
  const supportGiftRepository = new SupportGiftRepository(db);
  const supportApplications = new SupportApplicationService({
    applications: supportApplicationRepository,
    supportTypes: async () => (await configuration.settings()).support_types,
    clock,
  });
  const supportEvents = new SupportEventService({
    events: supportEventRepository,
    applications: supportApplicationRepository,
    gifts: supportGiftRepository,
    images: uploadedImages,
    clock,
  });
  const supportGifts = new SupportGiftService({
    gifts: supportGiftRepository,
    events: supportEventRepository,
    ledgerIn: supportLedgerIn,
    payments,
    // One coin's money value, as cash-out uses it (settings cash_out.coin_value, fen).
    coinValue: async () => (await configuration.settings()).cash_out.coin_value,
    currency: CURRENCY,
    onWalletChange: (userId) => {
      users.forget(userId);
    },
    clock,
  });
  const maps = configuredMaps(config, {
    rateLimits,
    stations: async () => (await baseRepository.list({ page: 1, limit: 100 })).rows,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[maps]', error);
    },
  });

  return { supportApplications, supportEvents, supportGifts, maps };
}
