import { cashoutQuote, type CashoutConfig, type CashoutQuote, type MessageKey } from '@petheart/contracts';

/** The most an amount box takes: digits, an optional point and at most 2 decimals (yuan and fen). */
const AMOUNT_TEXT = /^\d{0,9}(\.\d{0,2})?$/;

/**
 * What the amount box keeps of a keystroke or paste: digits and one decimal point with at most 2 decimals
 * (spaces and thousand separators dropped); anything else leaves the previous text.
 */
export function cleanAmountInput(next: string, previous: string): string {
  const text = next.replace(/[\s,，]/g, '').replace('。', '.');
  return AMOUNT_TEXT.test(text) ? text : previous;
}

/** The typed amount in fen ("150.5" → 15050), or null when nothing usable is typed ("", "."). */
export function parseAmount(text: string): number | null {
  const m = /^(\d*)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m || (!m[1] && !m[2])) return null;
  const yuan = Number(m[1] || '0');
  const fen = Number((m[2] ?? '').padEnd(2, '0'));
  return yuan * 100 + fen;
}

/** Why an amount cannot be requested: a contracts message key and what fills its placeholders (fen). */
export interface AmountProblem {
  key: MessageKey;
  /** Placeholder name → an amount in fen (formatted by the caller). */
  amounts: Record<string, number>;
}

export interface AmountCheck {
  fen: number | null;
  quote: CashoutQuote | null;
  problem: AmountProblem | null;
}

/**
 * The live check of the amount box against the rules and the available earnings, in the server's order
 * (cash-out service `apply`): a usable number, a whole number of coins, the minimum, the fee, then the
 * earnings. The quote (fee and net) is the contracts' `cashoutQuote`, so the figures are the server's.
 */
export function checkAmount(text: string, config: CashoutConfig): AmountCheck {
  const fen = parseAmount(text);
  if (fen === null || fen <= 0) return { fen, quote: null, problem: { key: 'v.cashoutAmount', amounts: {} } };
  const quote = cashoutQuote(fen, config);
  switch (quote.problem) {
    case 'step':
      return { fen, quote, problem: { key: 'error.cashout_amount_step', amounts: { step: config.coin_value } } };
    case 'below_minimum':
      return { fen, quote, problem: { key: 'error.cashout_below_minimum', amounts: { min: config.min_amount } } };
    case 'fee_exceeds_amount':
      return { fen, quote, problem: { key: 'error.cashout_fee_exceeds_amount', amounts: {} } };
    case 'invalid':
      return { fen, quote, problem: { key: 'v.cashoutAmount', amounts: {} } };
    case null:
      break;
  }
  if (fen > config.available_amount)
    return {
      fen,
      quote,
      problem: { key: 'error.cashout_insufficient_earnings', amounts: { available: config.available_amount } },
    };
  return { fen, quote, problem: null };
}

/** The most that can be asked: the available earnings (already whole coins). */
export function maxAmountText(config: CashoutConfig): string {
  const fen = config.available_amount;
  const yuan = Math.floor(fen / 100);
  const rest = fen % 100;
  return rest === 0 ? String(yuan) : `${String(yuan)}.${String(rest).padStart(2, '0')}`;
}
