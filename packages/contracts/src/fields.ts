import { z } from 'zod';
import type { MessageKey } from './messages';

/** A required, trimmed text whose missing or empty value reports `key`. */
export function requiredText(key: MessageKey, max = 200) {
  return z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: 'v.tooLong' });
}

export const EmailSchema = z
  .string({ error: 'v.email' })
  .trim()
  .min(1, { error: 'v.email' })
  .max(254, { error: 'v.emailFormat' })
  .pipe(z.email({ error: 'v.emailFormat' }))
  .transform((s) => s.toLowerCase());

/** Mobile numbers in E.164-like form: optional +, 6 to 15 digits. */
export const MobileSchema = z
  .string({ error: 'v.mobile' })
  .trim()
  .min(1, { error: 'v.mobile' })
  .regex(/^\+?[0-9]{6,15}$/, { error: 'v.mobileFormat' });

export const PasswordSchema = z
  .string({ error: 'v.password' })
  .min(1, { error: 'v.password' })
  .min(6, { error: 'v.passwordLength' })
  .max(64, { error: 'v.passwordLength' });

export const CodeSchema = z
  .string({ error: 'v.code' })
  .trim()
  .min(1, { error: 'v.code' })
  .regex(/^[0-9]{6}$/, { error: 'v.codeFormat' });

export const NicknameSchema = z
  .string({ error: 'v.nickname' })
  .trim()
  .min(1, { error: 'v.nickname' })
  .max(30, { error: 'v.nickname' });
