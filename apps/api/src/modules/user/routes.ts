import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmailLoginBodySchema,
  EmptySchema,
  LoginBodySchema,
  LoginDataSchema,
  MobileLoginBodySchema,
  ProfileBodySchema,
  RegisterBodySchema,
  ResetPwdBodySchema,
  UserInfoDataSchema,
  envelope,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { TokenService } from '../token/service';
import type { UserService } from './service';

const login = { tags: ['account'], response: { 200: envelope(LoginDataSchema) } };

/** The FastAdmin-compatible account endpoints under /api/user/. */
export const userRoutes: FastifyPluginAsyncZod<{ users: UserService; tokens: TokenService }> = async (
  app,
  { users, tokens },
) => {
  app.get(
    '/api/user/index',
    { config: { auth: 'user' }, schema: { tags: ['account'], response: { 200: envelope(UserInfoDataSchema) } } },
    async (request) => ok({ userinfo: await users.info(currentUser(request).id) }),
  );

  app.post('/api/user/register', { schema: { ...login, body: RegisterBodySchema } }, async (request) => {
    const { email, password, code } = request.body;
    return ok(await users.register(email, password, code), request.t('ok.registered'));
  });

  app.post('/api/user/login', { schema: { ...login, body: LoginBodySchema } }, async (request) => {
    const { account, password } = request.body;
    return ok(await users.loginWithPassword(account, password, request.ip), request.t('ok.loggedIn'));
  });

  app.post('/api/user/emaillogin', { schema: { ...login, body: EmailLoginBodySchema } }, async (request) => {
    const { email, captcha } = request.body;
    return ok(await users.loginWithCode('email', email, captcha), request.t('ok.loggedIn'));
  });

  app.post('/api/user/mobilelogin', { schema: { ...login, body: MobileLoginBodySchema } }, async (request) => {
    const { mobile, captcha } = request.body;
    return ok(await users.loginWithCode('mobile', mobile, captcha), request.t('ok.loggedIn'));
  });

  app.post(
    '/api/user/resetpwd',
    { schema: { tags: ['account'], body: ResetPwdBodySchema, response: { 200: envelope(EmptySchema) } } },
    async (request) => {
      const body = request.body;
      if (body.type === 'email') await users.resetPassword('email', body.email, body.newpassword, body.captcha);
      else await users.resetPassword('mobile', body.mobile, body.newpassword, body.captcha);
      return ok({}, request.t('ok.passwordReset'));
    },
  );

  app.post(
    '/api/user/logout',
    { config: { auth: 'user' }, schema: { tags: ['account'], response: { 200: envelope(EmptySchema) } } },
    async (request) => {
      await tokens.revoke(currentUser(request).tokenHash);
      return ok({}, request.t('ok.loggedOut'));
    },
  );

  app.post(
    '/api/user/profile',
    {
      config: { auth: 'user' },
      schema: { tags: ['account'], body: ProfileBodySchema, response: { 200: envelope(UserInfoDataSchema) } },
    },
    async (request) => {
      const userinfo = await users.updateProfile(currentUser(request).id, request.body);
      return ok({ userinfo }, request.t('ok.saved'));
    },
  );
};
