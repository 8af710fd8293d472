/** Money in its major unit for messages: ¥100.00 (CNY), else "100.00 XXX". */
export function formatMoney(fen: number, currency: string): string {
  const major = (fen / 100).toFixed(2);
  return currency === 'CNY' ? `¥${major}` : `${major} ${currency}`;
}
