import type { Locale } from '../locale-tags';

/** One message in every product language. */
export type Texts = Record<Locale, string>;
