import { z } from 'zod';
import {
  CodeSchema,
  EmailSchema,
  IntSchema,
  MobileSchema,
  NicknameSchema,
  PasswordSchema,
  requiredText,
  StringSchema,
} from './fields';

export const CODE_EVENTS = ['register', 'emaillogin', 'mobilelogin', 'resetpwd', 'changemobile'] as const;
export const CodeEventSchema = z.enum(CODE_EVENTS, { error: 'v.invalid' });
export type CodeEvent = z.infer<typeof CodeEventSchema>;

export const ROLES = ['user', 'operator', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

// POST /api/ems/send and /api/sms/send
export const EmsSendBodySchema = z.object({ email: EmailSchema, event: CodeEventSchema.default('register') });
export const SmsSendBodySchema = z.object({ mobile: MobileSchema, event: CodeEventSchema.default('mobilelogin') });

// POST /api/user/register
export const RegisterBodySchema = z.object({ email: EmailSchema, password: PasswordSchema, code: CodeSchema });
// POST /api/user/login
export const LoginBodySchema = z.object({
  account: requiredText('v.account', 254),
  password: z.string({ error: 'v.password' }).min(1, { error: 'v.password' }).max(64, { error: 'v.passwordLength' }),
});
// POST /api/user/emaillogin and /api/user/mobilelogin
export const EmailLoginBodySchema = z.object({ email: EmailSchema, captcha: CodeSchema });
export const MobileLoginBodySchema = z.object({ mobile: MobileSchema, captcha: CodeSchema });

// POST /api/user/resetpwd
export const ResetPwdBodySchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('email'), email: EmailSchema, newpassword: PasswordSchema, captcha: CodeSchema }),
    z.object({ type: z.literal('mobile'), mobile: MobileSchema, newpassword: PasswordSchema, captcha: CodeSchema }),
  ],
  { error: 'v.invalid' },
);

/** Invisible and direction-changing characters (bidi controls, zero-width, BOM, C0/C1 controls) that never belong in a name. */
const INVISIBLE_CHARS =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;
/** Removes invisible characters, then applies the nickname rules (1 to 30 characters after trimming). */
export const CleanNicknameSchema = z
  .string({ error: 'v.nickname' })
  .transform((s) => s.normalize('NFC').replace(INVISIBLE_CHARS, ''))
  .pipe(NicknameSchema);

/** An avatar is a path this server issued (under /uploads/), or empty for the default image. */
export const AvatarPathSchema = z
  .string({ error: 'v.avatar' })
  .trim()
  .max(500, { error: 'v.tooLong' })
  .refine((s) => s === '' || (/^\/uploads\/[A-Za-z0-9._/-]+$/.test(s) && !s.includes('..') && !s.includes('//')), {
    error: 'v.avatar',
  });

// POST /api/user/profile (every field optional; only those sent change). The mobile number may only be cleared
// here: it is set with a code sent to it (/api/user/changemobile), so nobody puts another person's number on theirs.
export const ProfileBodySchema = z.object({
  avatar: AvatarPathSchema.optional(),
  nickname: CleanNicknameSchema.optional(),
  mobile: z.literal('', { error: 'v.mobileNeedsCode' }).optional(),
});

// POST /api/user/changemobile: sets the mobile number with a code sent to it (/api/sms/send, event changemobile)
export const ChangeMobileBodySchema = z.object({ mobile: MobileSchema, captcha: CodeSchema });
export type ChangeMobileBody = z.infer<typeof ChangeMobileBodySchema>;

export const UserInfoSchema = z.object({
  id: IntSchema,
  nickname: StringSchema,
  email: StringSchema.nullable(),
  mobile: StringSchema.nullable(),
  avatar: StringSchema,
  login_days: IntSchema,
  balance: IntSchema,
  roles: z.array(RoleSchema),
  created_at: IntSchema,
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** What a login answers: the user and the token (inside userinfo, as FastAdmin clients expect). */
export const LoginUserInfoSchema = UserInfoSchema.extend({
  token: StringSchema,
  expires_in: IntSchema,
});
export const UserInfoDataSchema = z.object({ userinfo: UserInfoSchema });
export const LoginDataSchema = z.object({ userinfo: LoginUserInfoSchema });
export type LoginData = z.infer<typeof LoginDataSchema>;

// Sign-in with Google / Facebook
export const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export const OAuthProviderSchema = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof OAuthProviderSchema>;

// GET /api/oauth/:provider/start?redirect=<app path> → 302 to the provider
// GET /api/oauth/:provider/callback?code&state… → 302 to /pages/public/login?oauth_token=… or ?oauth_error=oauth_failed
/** The provider in the path: any text, so an unknown one answers 404 'oauth_not_configured' rather than 400. */
export const OAuthParamsSchema = z.object({ provider: StringSchema.max(32, { error: 'v.tooLong' }) });
export const OAuthStartQuerySchema = z.object({
  /** Where the web app goes after signing in: a path inside the app (anything else is ignored). */
  redirect: z.string({ error: 'v.invalid' }).max(500, { error: 'v.tooLong' }).optional(),
});
/** The provider's answer (code, state, iss, error…); checked by the OAuth client, not here. */
export const OAuthCallbackQuerySchema = z.looseObject({});
