/**
 * Cash-out arithmetic and card-number rules shared by the server and the web app (zod-free), so the form
 * shows exactly the fee and net amount the server will record (decision 015).
 */

/** The cash-out rules from the settings (the console edits them). Money in the smallest currency unit (fen). */
export interface CashoutRules {
  /** The least one request may ask for, fen (a whole number of coins). */
  min_amount: number;
  /** Fee rate in basis points of the amount (60 = 0.6 %), rounded up to whole coins. */
  fee_rate_bp: number;
  /** A fixed fee per request, fen (a whole number of coins; 0 = none). */
  fee_fixed: number;
  /** What one coin of earnings is worth, fen. */
  coin_value: number;
}

/** Why an amount cannot be requested (the server answers the matching error id). */
export type CashoutQuoteProblem = 'invalid' | 'step' | 'below_minimum' | 'fee_exceeds_amount';

export interface CashoutQuote {
  /** The amount asked, fen. */
  amount: number;
  /** The coins taken from earnings (held at request time): amount / coin_value. */
  coins: number;
  /** The fee in coins (rate rounded up, plus the fixed fee) and in fen. */
  fee_coins: number;
  fee: number;
  /** What the operator receives, fen: amount − fee. */
  net_amount: number;
  /** Set when the amount cannot be requested (the other figures are then 0). */
  problem: CashoutQuoteProblem | null;
}

const nothing = (amount: number, problem: CashoutQuoteProblem): CashoutQuote => ({
  amount,
  coins: 0,
  fee_coins: 0,
  fee: 0,
  net_amount: 0,
  problem,
});

/**
 * The fee and net amount of a request of `amount` fen. Everything is computed in whole coins: coins =
 * amount / coin value (the amount must be a whole number of coins), fee coins = ceil(coins × rate / 10000)
 * + fixed fee / coin value, fee = fee coins × coin value, net = amount − fee. Integers only.
 */
export function cashoutQuote(amount: number, rules: CashoutRules): CashoutQuote {
  if (!Number.isSafeInteger(amount) || amount <= 0) return nothing(amount, 'invalid');
  if (amount % rules.coin_value !== 0) return nothing(amount, 'step');
  if (amount < rules.min_amount) return nothing(amount, 'below_minimum');
  const coins = amount / rules.coin_value;
  const rateCoins = Math.floor((coins * rules.fee_rate_bp + 9_999) / 10_000);
  const feeCoins = rateCoins + Math.floor(rules.fee_fixed / rules.coin_value);
  if (feeCoins >= coins) return nothing(amount, 'fee_exceeds_amount');
  const fee = feeCoins * rules.coin_value;
  return { amount, coins, fee_coins: feeCoins, fee, net_amount: amount - fee, problem: null };
}

/** Card numbers: 12 to 19 digits (ISO/IEC 7812 allows 8–19; bank cards in use have 12+) with a valid Luhn digit. */
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;

/** The digits of a typed card number: spaces and hyphens (as printed or pasted) are dropped. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check digit test. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A normalized card number is all digits, 12–19 of them, and passes Luhn. */
export function cardNumberValid(digits: string): boolean {
  return (
    /^[0-9]+$/.test(digits) &&
    digits.length >= CARD_NUMBER_MIN_DIGITS &&
    digits.length <= CARD_NUMBER_MAX_DIGITS &&
    luhnValid(digits)
  );
}

/** How a card number is shown everywhere but the console's processing view: the last four digits. */
export function maskCardNumber(last4: string): string {
  return `****${last4}`;
}
