import type { Locale } from '../locale-tags';
import enValidation from '../../locales/en/validation.json' with { type: 'json' };
import enErrors from '../../locales/en/errors.json' with { type: 'json' };
import enNotices from '../../locales/en/notices.json' with { type: 'json' };
import enCommunity from '../../locales/en/community.json' with { type: 'json' };
import enContent from '../../locales/en/content.json' with { type: 'json' };
import enOperator from '../../locales/en/operator.json' with { type: 'json' };
import enSupport from '../../locales/en/support.json' with { type: 'json' };
import enNotify from '../../locales/en/notify.json' with { type: 'json' };
import enShare from '../../locales/en/share.json' with { type: 'json' };
import jaValidation from '../../locales/ja/validation.json' with { type: 'json' };
import jaErrors from '../../locales/ja/errors.json' with { type: 'json' };
import jaNotices from '../../locales/ja/notices.json' with { type: 'json' };
import jaCommunity from '../../locales/ja/community.json' with { type: 'json' };
import jaContent from '../../locales/ja/content.json' with { type: 'json' };
import jaOperator from '../../locales/ja/operator.json' with { type: 'json' };
import jaSupport from '../../locales/ja/support.json' with { type: 'json' };
import jaNotify from '../../locales/ja/notify.json' with { type: 'json' };
import jaShare from '../../locales/ja/share.json' with { type: 'json' };
import zhCNValidation from '../../locales/zh-CN/validation.json' with { type: 'json' };
import zhCNErrors from '../../locales/zh-CN/errors.json' with { type: 'json' };
import zhCNNotices from '../../locales/zh-CN/notices.json' with { type: 'json' };
import zhCNCommunity from '../../locales/zh-CN/community.json' with { type: 'json' };
import zhCNContent from '../../locales/zh-CN/content.json' with { type: 'json' };
import zhCNOperator from '../../locales/zh-CN/operator.json' with { type: 'json' };
import zhCNSupport from '../../locales/zh-CN/support.json' with { type: 'json' };
import zhCNNotify from '../../locales/zh-CN/notify.json' with { type: 'json' };
import zhCNShare from '../../locales/zh-CN/share.json' with { type: 'json' };
import zhTWValidation from '../../locales/zh-TW/validation.json' with { type: 'json' };
import zhTWErrors from '../../locales/zh-TW/errors.json' with { type: 'json' };
import zhTWNotices from '../../locales/zh-TW/notices.json' with { type: 'json' };
import zhTWCommunity from '../../locales/zh-TW/community.json' with { type: 'json' };
import zhTWContent from '../../locales/zh-TW/content.json' with { type: 'json' };
import zhTWOperator from '../../locales/zh-TW/operator.json' with { type: 'json' };
import zhTWSupport from '../../locales/zh-TW/support.json' with { type: 'json' };
import zhTWNotify from '../../locales/zh-TW/notify.json' with { type: 'json' };
import zhTWShare from '../../locales/zh-TW/share.json' with { type: 'json' };

/*
 * The contracts messages live in JSON, one file per language and section: packages/contracts/locales/<locale>/
 * <section>.json (validation, errors, notices, community, content, operator, support, notify, share), each a flat
 * object of key → text with `{{name}}` placeholders (i18next's syntax, which the web app uses for the same
 * texts). The sections only group the keys: together they are one catalogue (the web app's i18next namespace
 * `messages`).
 */

/** English is the source of the keys: a key is a message key when an English section file has it. */
const EN = {
  ...enValidation,
  ...enErrors,
  ...enNotices,
  ...enCommunity,
  ...enContent,
  ...enOperator,
  ...enSupport,
  ...enNotify,
  ...enShare,
};

/** A message key (`v.password`, `error.login_expired`…): typed from the English files. */
export type MessageKey = keyof typeof EN;

/** One language's messages: every key, so a language file that lacks a key is a type error. */
export type MessageTexts = Record<MessageKey, string>;

/** Each language's messages, merged from its section files. */
export const CATALOGUES: Record<Locale, MessageTexts> = {
  en: EN,
  ja: {
    ...jaValidation,
    ...jaErrors,
    ...jaNotices,
    ...jaCommunity,
    ...jaContent,
    ...jaOperator,
    ...jaSupport,
    ...jaNotify,
    ...jaShare,
  },
  'zh-CN': {
    ...zhCNValidation,
    ...zhCNErrors,
    ...zhCNNotices,
    ...zhCNCommunity,
    ...zhCNContent,
    ...zhCNOperator,
    ...zhCNSupport,
    ...zhCNNotify,
    ...zhCNShare,
  },
  'zh-TW': {
    ...zhTWValidation,
    ...zhTWErrors,
    ...zhTWNotices,
    ...zhTWCommunity,
    ...zhTWContent,
    ...zhTWOperator,
    ...zhTWSupport,
    ...zhTWNotify,
    ...zhTWShare,
  },
};
