import { routes, type ApiModule } from '../../api-module';
import { shareRoutes } from './routes';
import type { WechatShareService } from './service';

/** Sharing inside WeChat (issue 29 §4): the JS-SDK signature pages configure their share card with. */
export function shareModule(s: { wechatShare: WechatShareService }): ApiModule {
  return { name: 'share', routes: [routes(shareRoutes, { wechatShare: s.wechatShare })] };
}
