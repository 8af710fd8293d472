import { describe, expect, it } from 'vitest';
import { ERROR_IDS } from './errors';
import { LOCALES } from './locales';
import { MESSAGES, translate } from './messages';
import { ERROR_MESSAGES } from './messages/errors';
import { NOTICE_MESSAGES } from './messages/notices';
import { VALIDATION_MESSAGES } from './messages/validation';
import { CONTENT_MESSAGES } from './messages/content';
import { COMMUNITY_MESSAGES } from './messages/community';
import { OPERATOR_MESSAGES } from './messages/operator';
import { SUPPORT_MESSAGES } from './messages/support';

describe('message catalogue', () => {
  it('has every message in all four languages', () => {
    const missing = Object.entries(MESSAGES).flatMap(([key, texts]) =>
      LOCALES.filter((l) => !(texts as Record<string, string>)[l]?.trim()).map((l) => `${key}:${l}`),
    );
    expect(missing).toEqual([]);
  });

  it('never defines a key in two sections (a later one would silently win)', () => {
    const keys = [
      VALIDATION_MESSAGES,
      ERROR_MESSAGES,
      NOTICE_MESSAGES,
      COMMUNITY_MESSAGES,
      CONTENT_MESSAGES,
      OPERATOR_MESSAGES,
      SUPPORT_MESSAGES,
    ].flatMap((section) => Object.keys(section));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('has a message for every error id', () => {
    expect(ERROR_IDS.filter((id) => !(`error.${id}` in MESSAGES))).toEqual([]);
  });

  it('uses the specification’s own texts', () => {
    expect(translate('en', 'v.agreement')).toBe('Please check the relevant agreements first');
    expect(translate('en', 'v.passwordMismatch')).toBe('The two password entries are inconsistent');
    expect(translate('en', 'error.login_expired')).toBe('Login expired');
  });

  it('fills placeholders and keeps unknown ones', () => {
    expect(translate('ja', 'error.too_many_attempts', { seconds: 30 })).toContain('30');
    expect(translate('en', 'v.invalidField')).toBe('Invalid input: {field}');
  });

  it('returns unknown keys unchanged', () => {
    expect(translate('zh-CN', 'no.such.key')).toBe('no.such.key');
  });
});
