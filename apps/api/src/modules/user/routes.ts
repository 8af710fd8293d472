import type { FastifyPluginAsync } from 'fastify';
import { userEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { UserService } from './service';

/** The FastAdmin-compatible account endpoints under /api/user/. */
export const userRoutes: FastifyPluginAsync<{ users: UserService }> = async (app, { users }) => {
  route(app, e.index, async (request) => ({ userinfo: await users.info(currentUser(request).id) }));
  route(app, e.register, (request) => {
    const { email, password, code } = request.body;
    return users.register(email, password, code);
  });
  route(app, e.login, (request) => {
    const { account, password } = request.body;
    return users.loginWithPassword(account, password, request.ip);
  });
  route(app, e.emaillogin, (request) => {
    const { email, captcha } = request.body;
    return users.loginWithCode('email', email, captcha);
  });
  route(app, e.mobilelogin, (request) => {
    const { mobile, captcha } = request.body;
    return users.loginWithCode('mobile', mobile, captcha);
  });
  route(app, e.resetpwd, async (request) => {
    const body = request.body;
    if (body.type === 'email') await users.resetPassword('email', body.email, body.newpassword, body.captcha);
    else await users.resetPassword('mobile', body.mobile, body.newpassword, body.captcha);
    return {};
  });
  route(app, e.logout, async (request) => {
    await users.logout(currentUser(request).tokenHash);
    return {};
  });
  route(app, e.profile, async (request) => ({
    userinfo: await users.updateProfile(currentUser(request).id, request.body),
  }));
  route(app, e.changemobile, async (request) => ({
    userinfo: await users.changeMobile(currentUser(request).id, request.body.mobile, request.body.captcha),
  }));
};
