/**
 * Locale tags and their resolution, without zod: the web app's entry chunk imports these (and the
 * messages catalogue) and must not pull the schema library in. `locales.ts` adds LocaleSchema.
 */
/** Languages the product speaks. English is the fallback. */
export const LOCALES = ['en', 'ja', 'zh-CN', 'zh-TW'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

/**
 * Maps any BCP 47 tag (browser language, Accept-Language entry) to a product locale:
 * zh, zh-Hans*, zh-CN, zh-SG → zh-CN; zh-Hant*, zh-TW, zh-HK, zh-MO → zh-TW; ja* → ja; else en.
 */
export function resolveLocale(tag: string | null | undefined): Locale {
  if (!tag) return FALLBACK_LOCALE;
  const t = tag.trim().toLowerCase().replace(/_/g, '-');
  if (t.startsWith('ja')) return 'ja';
  if (t === 'zh' || t.startsWith('zh-')) {
    if (/^zh-(hant|tw|hk|mo)\b/.test(t)) return 'zh-TW';
    return 'zh-CN';
  }
  return FALLBACK_LOCALE;
}

/** Picks the best product locale from an Accept-Language header value. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return FALLBACK_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((x) => x.tag && x.tag !== '*' && Number.isFinite(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const t = tag.toLowerCase();
    if (t.startsWith('en') || t.startsWith('ja') || t.startsWith('zh')) return resolveLocale(tag);
  }
  return FALLBACK_LOCALE;
}
