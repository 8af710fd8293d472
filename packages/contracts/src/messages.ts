import type { Locale } from './locale-tags';
import { FALLBACK_LOCALE } from './locale-tags';

import type { Texts } from './messages/texts';
import { VALIDATION_MESSAGES } from './messages/validation';
import { ERROR_MESSAGES } from './messages/errors';
import { NOTICE_MESSAGES } from './messages/notices';
import { CONTENT_MESSAGES } from './messages/content';
import { COMMUNITY_MESSAGES } from './messages/community';
import { OPERATOR_MESSAGES } from './messages/operator';
import { SUPPORT_MESSAGES } from './messages/support';

/**
 * Every message that crosses the API boundary, in all four languages. Schemas name these keys as
 * their error messages, so the server and the web app show the same words. The English (and, where
 * the specification gives them, Chinese) texts are the specification's own.
 */
export const MESSAGES = {
  ...VALIDATION_MESSAGES,
  ...ERROR_MESSAGES,
  ...NOTICE_MESSAGES,
  ...COMMUNITY_MESSAGES,
  ...CONTENT_MESSAGES,
  ...OPERATOR_MESSAGES,
  ...SUPPORT_MESSAGES,
};

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/** Translates a message key; `{name}` placeholders are filled from params. Unknown keys come back as is. */
export function translate(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const texts: Texts | undefined = isMessageKey(key) ? MESSAGES[key] : undefined;
  const text = texts ? texts[locale] || texts[FALLBACK_LOCALE] : key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
