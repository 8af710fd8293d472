import type { Locale } from './locale-tags';
import { FALLBACK_LOCALE, LOCALES } from './locale-tags';

import type { Texts } from './messages/texts';
import { CATALOGUES, type MessageKey } from './messages/catalogue';

export type { MessageKey, MessageTexts } from './messages/catalogue';

/** A placeholder in a message: `{{name}}`, the one syntax of the API's texts and the web app's (i18next). */
export const MESSAGE_PLACEHOLDER = /\{\{(\w+)\}\}/g;

function byKey(): Record<MessageKey, Texts> {
  const out: Partial<Record<MessageKey, Texts>> = {};
  for (const key of Object.keys(CATALOGUES[FALLBACK_LOCALE]) as MessageKey[]) {
    out[key] = Object.fromEntries(LOCALES.map((l) => [l, CATALOGUES[l][key]])) as Texts;
  }
  return out as Record<MessageKey, Texts>;
}

/**
 * Every message that crosses the API boundary, in all four languages (from packages/contracts/locales/<locale>/
 * *.json). Schemas name these keys as their error messages, so the server and the web app show the same words.
 * The English (and, where the specification gives them, Chinese) texts are the specification's own.
 */
export const MESSAGES: Record<MessageKey, Texts> = /* @__PURE__ */ byKey();

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(CATALOGUES[FALLBACK_LOCALE], key);
}

/** Translates a message key; `{{name}}` placeholders are filled from params. Unknown keys come back as is. */
export function translate(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const text = isMessageKey(key) ? CATALOGUES[locale][key] || CATALOGUES[FALLBACK_LOCALE][key] : key;
  if (!params) return text;
  return text.replace(MESSAGE_PLACEHOLDER, (m, name: string) => (name in params ? String(params[name]) : m));
}
