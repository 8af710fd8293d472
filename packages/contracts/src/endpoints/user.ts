import {
  ChangeMobileBodySchema,
  EmailLoginBodySchema,
  LoginBodySchema,
  LoginDataSchema,
  MobileLoginBodySchema,
  ProfileBodySchema,
  RegisterBodySchema,
  ResetPwdBodySchema,
  UserInfoDataSchema,
} from '../account';
import { get, post } from '../endpoint';
import { EmptySchema } from '../envelope';

const tag = 'account';

/**
 * /api/user/index|register|login|emaillogin|mobilelogin|resetpwd|logout|profile: the FastAdmin-compatible
 * account endpoints.
 */
export const userEndpoints = {
  index: get('/api/user/index', { auth: 'user', tag, data: UserInfoDataSchema }),
  register: post('/api/user/register', {
    auth: 'none',
    tag,
    input: RegisterBodySchema,
    data: LoginDataSchema,
    message: 'ok.registered',
  }),
  login: post('/api/user/login', {
    auth: 'none',
    tag,
    input: LoginBodySchema,
    data: LoginDataSchema,
    message: 'ok.loggedIn',
  }),
  emaillogin: post('/api/user/emaillogin', {
    auth: 'none',
    tag,
    input: EmailLoginBodySchema,
    data: LoginDataSchema,
    message: 'ok.loggedIn',
  }),
  mobilelogin: post('/api/user/mobilelogin', {
    auth: 'none',
    tag,
    input: MobileLoginBodySchema,
    data: LoginDataSchema,
    message: 'ok.loggedIn',
  }),
  resetpwd: post('/api/user/resetpwd', {
    auth: 'none',
    tag,
    input: ResetPwdBodySchema,
    data: EmptySchema,
    message: 'ok.passwordReset',
  }),
  logout: post('/api/user/logout', { auth: 'user', tag, data: EmptySchema, message: 'ok.loggedOut' }),
  profile: post('/api/user/profile', {
    auth: 'user',
    tag,
    input: ProfileBodySchema,
    data: UserInfoDataSchema,
    message: 'ok.saved',
  }),
  /** A code sent to the new number (/api/sms/send with event 'changemobile') proves it is the user's. */
  changemobile: post('/api/user/changemobile', {
    auth: 'user',
    tag,
    input: ChangeMobileBodySchema,
    data: UserInfoDataSchema,
    message: 'ok.mobileChanged',
  }),
};
