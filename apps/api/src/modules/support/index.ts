import { routes, type ApiModule } from '../../api-module';
import type { SupportApplicationService } from './application-service';
import { supportConsoleRoutes } from './console-routes';
import type { SupportEventService } from './event-service';
import type { SupportGiftService } from './gift-service';
import { supportRoutes } from './routes';

/** Support (decision 016): requests, events, gifts and help-pay; the console's review. */
export function supportModule(s: {
  supportApplications: SupportApplicationService;
  supportEvents: SupportEventService;
  supportGifts: SupportGiftService;
}): ApiModule {
  return {
    name: 'support',
    routes: [
      routes(supportRoutes, {
        applications: s.supportApplications,
        events: s.supportEvents,
        gifts: s.supportGifts,
      }),
      routes(supportConsoleRoutes, { applications: s.supportApplications, events: s.supportEvents }),
    ],
  };
}
