import { z } from 'zod';
import {
  CodeSchema,
  EmailSchema,
  LoginBodySchema,
  MobileSchema,
  PasswordSchema,
  type Locale,
} from '@petheart/contracts';

/**
 * The account forms' schemas, built from the API's request schemas so the browser and the server agree.
 * Error messages are contracts MESSAGES keys; pages translate them with useMessage().
 */

/** The agreement box must be ticked: "Please check the relevant agreements first". */
const AgreementSchema = z.boolean().refine((v) => v, { error: 'v.agreement' });

export const PasswordLoginFormSchema = LoginBodySchema.extend({ agree: AgreementSchema });
export type PasswordLoginForm = z.input<typeof PasswordLoginFormSchema>;

/** Auth-code login goes to the phone in mainland Chinese, to the email everywhere else. */
export type CodeChannel = 'email' | 'mobile';
export function codeChannelFor(locale: Locale): CodeChannel {
  return locale === 'zh-CN' ? 'mobile' : 'email';
}

export const EmailCodeLoginFormSchema = z.object({ email: EmailSchema, captcha: CodeSchema, agree: AgreementSchema });
export const MobileCodeLoginFormSchema = z.object({
  mobile: MobileSchema,
  captcha: CodeSchema,
  agree: AgreementSchema,
});
/** One form shape for both channels; the unused target is ignored. */
export interface CodeLoginForm {
  email: string;
  mobile: string;
  captcha: string;
  agree: boolean;
}
export function codeLoginFormSchema(channel: CodeChannel) {
  return channel === 'mobile' ? MobileCodeLoginFormSchema : EmailCodeLoginFormSchema;
}

/** "Please enter the X again" when empty, "The two password entries are inconsistent" when different. */
function confirmed<T extends z.ZodObject>(
  schema: T,
  field: keyof z.infer<T> & string,
  again: keyof z.infer<T> & string,
  emptyKey: 'v.passwordAgain' | 'v.newPasswordAgain',
) {
  return schema.superRefine((value, ctx) => {
    const v = value as Record<string, unknown>;
    const second = typeof v[again] === 'string' ? v[again] : '';
    if (second === '') ctx.addIssue({ code: 'custom', path: [again], message: emptyKey });
    else if (second !== v[field]) ctx.addIssue({ code: 'custom', path: [again], message: 'v.passwordMismatch' });
  });
}

export const RegisterFormSchema = confirmed(
  z.object({ email: EmailSchema, password: PasswordSchema, password2: z.string(), code: CodeSchema }),
  'password',
  'password2',
  'v.passwordAgain',
);
export type RegisterForm = z.input<typeof RegisterFormSchema>;

/** The new password's "Please enter the new password" replaces the generic password prompt. */
const NewPasswordSchema = z.string({ error: 'v.newPassword' }).min(1, { error: 'v.newPassword' }).pipe(PasswordSchema);

export const ForgetPasswordFormSchema = confirmed(
  z.object({ email: EmailSchema, captcha: CodeSchema, newpassword: NewPasswordSchema, newpassword2: z.string() }),
  'newpassword',
  'newpassword2',
  'v.newPasswordAgain',
);
export type ForgetPasswordForm = z.input<typeof ForgetPasswordFormSchema>;

/** Keeps a post-login redirect inside this app (no open redirects to other origins). */
export function safeRedirect(raw: string | null | undefined, fallback = '/pages/mine/mine'): string {
  if (!raw) return fallback;
  let target: string;
  try {
    target = decodeURIComponent(raw);
  } catch {
    return fallback;
  }
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target.startsWith('/pages/public/login')) return fallback;
  return target;
}
