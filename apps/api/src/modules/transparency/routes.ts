import type { FastifyPluginAsync } from 'fastify';
import { transparencyEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { FoodPurchaseService } from './food-service';
import type { AccountService } from './service';

/**
 * The public accounts (anyone, tourists included) and the food a base's operator bought (its operator only).
 */
export const transparencyRoutes: FastifyPluginAsync<{ accounts: AccountService; food: FoodPurchaseService }> = async (
  app,
  { accounts, food },
) => {
  route(app, e.base, (request) => accounts.base(request.body.base_id));
  route(app, e.platform, () => accounts.platform());
  route(app, e.foodList, (request) => food.list(currentUser(request).id, request.body));
  route(app, e.foodAdd, (request) => food.add(currentUser(request).id, request.body));
  route(app, e.foodVoid, (request) => food.void(currentUser(request).id, request.body.id));
};
