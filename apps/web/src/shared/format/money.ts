import type { Locale } from '@petheart/contracts';

// Not re-exported from ./index: only pages that show money load it (the entry chunk stays as it is).

/**
 * An amount of money in the API's unit (fen: integer hundredths of the currency, as the console's forms
 * count it too) in the locale's own currency form, by Intl.NumberFormat(locale, { style: 'currency' }) with the
 * currency's narrow sign and no ".00" on whole amounts (what a price tag in China shows): 123456 CNY →
 * "¥1,234.56" (en, zh-CN, zh-TW), "￥1,234.56" (ja); 600 → "¥6"; 60 → "¥0.60". The app and the operator
 * console print every amount with this one function, so an amount reads the same in both.
 * `locale` is one of the app's Locales (any BCP 47 tag works); `currency` the amount's ISO 4217 code (CNY).
 * A code Intl refuses (not three letters) is written before the number instead of a sign.
 */
export const formatMoney: (minor: number, currency: string, locale: string) => string = moneyFormat();

function moneyFormat() {
  // Making an Intl formatter costs far more than using one, and one holds no state: each locale and currency
  // gets one on first use, kept by this function (a handful at most: four locales, one currency).
  const formats = new Map<string, (amount: number) => string>();
  const formatFor = (locale: string, currency: string) => {
    const key = `${locale}|${currency}`;
    let format = formats.get(key);
    if (!format) {
      format = currencyFormat(locale, currency);
      formats.set(key, format);
    }
    return format;
  };
  // `+ 0`: no "-0.00" for a negative zero.
  return (minor: number, currency: string, locale: string): string =>
    formatFor(locale, currency.toUpperCase())(minor / 100 + 0);
}

function currencyFormat(locale: string, currency: string): (amount: number) => string {
  try {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      trailingZeroDisplay: 'stripIfInteger',
    });
    return (amount) => format.format(amount);
  } catch {
    const plain = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return (amount) => `${currency} ${plain.format(amount)}`;
  }
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
