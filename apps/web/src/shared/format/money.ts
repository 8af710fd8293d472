import type { Locale } from '@petheart/contracts';
import { formatPrice } from './index';

// Not re-exported from ./index: only pages that show money load it (the entry chunk stays as it is).

const SYMBOLS: Record<string, string> = { CNY: '¥', USD: '$', EUR: '€', GBP: '£', HKD: 'HK$', TWD: 'NT$' };

/**
 * An amount in the smallest currency unit (fen / cents) with the currency's sign, thousand separators and at
 * most 2 decimals (spec §5): 600 → "¥6", 12800 → "¥128", 123456 → "¥1,234.56".
 */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const symbol = SYMBOLS[currency.toUpperCase()];
  const value = formatPrice(minor, locale);
  return symbol ? `${symbol}${value}` : `${currency} ${value}`;
}

const integers = new Map<Locale, Intl.NumberFormat>();
/** Coins exactly, with thousand separators (a wallet shows 1,914, never "1.9k"). */
export function formatCoins(coins: number, locale: Locale): string {
  let f = integers.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
    integers.set(locale, f);
  }
  return f.format(coins);
}
