import { z } from 'zod';
import { CodeSchema, EmailSchema, MobileSchema, NicknameSchema, PasswordSchema, requiredText } from './fields';

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

// POST /api/user/profile (every field optional; only those sent change)
export const ProfileBodySchema = z.object({
  avatar: z.string().trim().max(500, { error: 'v.tooLong' }).optional(),
  nickname: NicknameSchema.optional(),
  mobile: z.union([MobileSchema, z.literal('')]).optional(),
});

export const UserInfoSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  avatar: z.string(),
  login_days: z.number().int(),
  balance: z.number().int(),
  roles: z.array(RoleSchema),
  created_at: z.number().int(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** What a login answers: the user and the token (inside userinfo, as FastAdmin clients expect). */
export const LoginUserInfoSchema = UserInfoSchema.extend({
  token: z.string(),
  expires_in: z.number().int(),
});
export const UserInfoDataSchema = z.object({ userinfo: UserInfoSchema });
export const LoginDataSchema = z.object({ userinfo: LoginUserInfoSchema });
export type LoginData = z.infer<typeof LoginDataSchema>;

// Sign-in with Google / Facebook
export const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export const OAuthProviderSchema = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof OAuthProviderSchema>;
