import type { FastifyPluginAsync } from 'fastify';
import { codeEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import type { CodeService } from './service';

/** POST /api/ems/send and /api/sms/send: auth codes by mail and by SMS. */
export const codeRoutes: FastifyPluginAsync<{ codes: CodeService }> = async (app, { codes }) => {
  route(app, e.emsSend, async (request) => {
    const { email, event } = request.body;
    await codes.send({ channel: 'email', address: email, event, ip: request.ip, locale: request.locale });
    return {};
  });
  route(app, e.smsSend, async (request) => {
    const { mobile, event } = request.body;
    await codes.send({ channel: 'mobile', address: mobile, event, ip: request.ip, locale: request.locale });
    return {};
  });
};
