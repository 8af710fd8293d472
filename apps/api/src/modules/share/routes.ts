import type { FastifyPluginAsync } from 'fastify';
import { shareEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import type { WechatShareService } from './service';

/** Sharing (issue 29 §4): the WeChat JS-SDK signature of a page. */
export const shareRoutes: FastifyPluginAsync<{ wechatShare: WechatShareService }> = async (app, { wechatShare }) => {
  route(app, e.wechat, (request) => wechatShare.config(request.body.url));
};
