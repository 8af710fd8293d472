import { routes, type ApiModule } from '../../api-module';
import type { FoodPurchaseService } from './food-service';
import { transparencyRoutes } from './routes';
import type { AccountService } from './service';

/** A public account of each base and of the platform; the food operators bought (issue 28 §3). */
export function transparencyModule(s: { accounts: AccountService; foodPurchases: FoodPurchaseService }): ApiModule {
  return {
    name: 'transparency',
    routes: [routes(transparencyRoutes, { accounts: s.accounts, food: s.foodPurchases })],
  };
}
