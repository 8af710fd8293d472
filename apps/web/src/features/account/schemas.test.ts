import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  codeChannelFor,
  codeLoginFormSchema,
  ForgetPasswordFormSchema,
  PasswordLoginFormSchema,
  RegisterFormSchema,
  safeRedirect,
} from './schemas';

/** The message key reported for each field (first issue wins, as react-hook-form shows it). */
function errors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

describe('login form', () => {
  it('asks for the account, the password and the agreement', () => {
    expect(errors(PasswordLoginFormSchema, { account: ' ', password: '', agree: false })).toEqual({
      account: 'v.account',
      password: 'v.password',
      agree: 'v.agreement',
    });
  });

  it('accepts a filled form with the agreement ticked', () => {
    expect(errors(PasswordLoginFormSchema, { account: 'a@b.co', password: 'x', agree: true })).toEqual({});
  });

  it('sends the auth code to the phone only in Simplified Chinese', () => {
    expect(codeChannelFor('zh-CN')).toBe('mobile');
    expect(codeChannelFor('zh-TW')).toBe('email');
    expect(codeChannelFor('en')).toBe('email');
    expect(codeChannelFor('ja')).toBe('email');
  });

  it('asks for the auth code in code mode and checks the target of the channel', () => {
    expect(errors(codeLoginFormSchema('email'), { email: 'a@b.co', mobile: '', captcha: '', agree: true })).toEqual({
      captcha: 'v.code',
    });
    expect(errors(codeLoginFormSchema('mobile'), { email: '', mobile: '12', captcha: '123456', agree: true })).toEqual({
      mobile: 'v.mobileFormat',
    });
  });
});

describe('register form', () => {
  const valid = { email: 'New@Example.com', password: 'secret1', password2: 'secret1', code: '123456' };

  it('reports every missing field with the specification prompts', () => {
    expect(errors(RegisterFormSchema, { email: '', password: '', password2: '', code: '' })).toEqual({
      email: 'v.email',
      password: 'v.password',
      password2: 'v.passwordAgain',
      code: 'v.code',
    });
  });

  it('reports inconsistent passwords on the second entry', () => {
    expect(errors(RegisterFormSchema, { ...valid, password2: 'secret2' })).toEqual({
      password2: 'v.passwordMismatch',
    });
  });

  it('accepts a valid form and lower-cases the email', () => {
    const parsed = RegisterFormSchema.parse(valid);
    expect(parsed.email).toBe('new@example.com');
  });
});

describe('forgot password form', () => {
  it('asks for the new password and the new password again', () => {
    expect(
      errors(ForgetPasswordFormSchema, { email: 'a@b.co', captcha: '123456', newpassword: '', newpassword2: '' }),
    ).toEqual({ newpassword: 'v.newPassword', newpassword2: 'v.newPasswordAgain' });
  });

  it('reports a mismatch and a short password', () => {
    expect(
      errors(ForgetPasswordFormSchema, {
        email: 'a@b.co',
        captcha: '123456',
        newpassword: 'abc',
        newpassword2: 'abd',
      }),
    ).toEqual({ newpassword: 'v.passwordLength', newpassword2: 'v.passwordMismatch' });
  });
});

describe('safeRedirect', () => {
  it('keeps internal paths and refuses other origins', () => {
    expect(safeRedirect('/pages/mine/userinfo?x=1')).toBe('/pages/mine/userinfo?x=1');
    expect(safeRedirect(encodeURIComponent('/pages/money/money'))).toBe('/pages/money/money');
    expect(safeRedirect('https://evil.example')).toBe('/pages/mine/mine');
    expect(safeRedirect('//evil.example')).toBe('/pages/mine/mine');
    expect(safeRedirect('/pages/public/login?redirect=/x')).toBe('/pages/mine/mine');
    expect(safeRedirect(null, '/')).toBe('/');
  });
});
