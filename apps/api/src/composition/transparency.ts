import type { Clock } from '../lib/clock';
import type { DatabaseHandle } from '../db/client';
import type { UploadedImages } from '../modules/content/uploaded-images';
import { CURRENCY, type ConfigurationService } from '../modules/configuration/service';
import type { OperatorGate } from '../modules/manage/gate';
import { FedGramsRepository } from '../modules/transparency/fed-grams-repository';
import { FoodPurchaseRepository } from '../modules/transparency/food-repository';
import { FoodPurchaseService } from '../modules/transparency/food-service';
import { AccountLedgerRepository } from '../modules/transparency/ledger-repository';
import { AccountService } from '../modules/transparency/service';

/** How long a public account's figures are answered again before they are read anew. */
const ACCOUNT_CACHE_MS = 60_000;

/**
 * The public accounts of the bases and the platform, and the food operators bought (issue 28 §3): read from
 * the ledger, the feeds the devices acknowledged and the purchases; purchases recorded by a base's operator.
 */
export function wireTransparency({
  database,
  clock,
  configuration,
  operatorGate,
  uploadedImages,
}: {
  database: DatabaseHandle;
  clock: Clock;
  configuration: ConfigurationService;
  operatorGate: OperatorGate;
  uploadedImages: Pick<UploadedImages, 'pathOf'>;
}) {
  const { db } = database;
  const food = new FoodPurchaseRepository(db);
  const accounts = new AccountService({
    ledger: new AccountLedgerRepository(db),
    fed: new FedGramsRepository(db),
    food,
    coinValue: async () => (await configuration.settings()).cash_out.coin_value,
    currency: CURRENCY,
    clock,
    // Each account is read at most once a minute, whoever asks (about a second at 100,000 feeds on PGlite).
    cacheMs: ACCOUNT_CACHE_MS,
  });
  const foodPurchases = new FoodPurchaseService({
    repo: food,
    requireOperator: (userId) => operatorGate.require(userId),
    uploadPath: (address) => uploadedImages.pathOf(address),
    currency: CURRENCY,
    clock,
    onChange: () => {
      accounts.invalidate();
    },
  });
  return { accounts, foodPurchases };
}
