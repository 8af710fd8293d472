import { routes, type ApiModule } from '../../api-module';
import { impactRoutes } from './routes';
import type { ImpactService } from './service';

/** "My impact" (issue 28 §4): what the user's coins paid for. */
export function impactModule(s: { impact: ImpactService }): ApiModule {
  return { name: 'impact', routes: [routes(impactRoutes, { impact: s.impact })] };
}
