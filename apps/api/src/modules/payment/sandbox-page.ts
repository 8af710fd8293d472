import type { Locale } from '@petheart/contracts';
import { formatMinor } from './policy';
import type { PayerResult, SandboxOrderView } from './providers/sandbox-payer';

type PageText =
  | 'title'
  | 'notice'
  | 'order'
  | 'amount'
  | 'coins'
  | 'pay'
  | 'cancel'
  | 'sent'
  | 'cancelled'
  | 'paid'
  | 'closed'
  | 'failed'
  | 'invalid'
  | 'back';

/** The sandbox page's words in the four languages (server-rendered; the web app never shows them). */
const TEXTS: Record<Locale, Record<PageText, string>> = {
  en: {
    title: 'Sandbox payment',
    notice: 'This is a test payment: no money is charged.',
    order: 'Order',
    amount: 'Amount',
    coins: 'Coins',
    pay: 'Pay',
    cancel: 'Cancel',
    sent: 'Payment done. Your coins arrive in a moment.',
    cancelled: 'Payment cancelled.',
    paid: 'This order is already paid.',
    closed: 'This order is closed.',
    failed: 'This order failed.',
    invalid: 'This payment link is not valid.',
    back: 'Back to the app',
  },
  ja: {
    title: 'サンドボックス決済',
    notice: 'これはテスト決済です。実際の請求は発生しません。',
    order: '注文番号',
    amount: '金額',
    coins: 'コイン',
    pay: '支払う',
    cancel: 'キャンセル',
    sent: 'お支払いが完了しました。まもなくコインが反映されます。',
    cancelled: 'お支払いをキャンセルしました。',
    paid: 'この注文は支払い済みです。',
    closed: 'この注文は終了しています。',
    failed: 'この注文は失敗しました。',
    invalid: 'この支払いリンクは無効です。',
    back: 'アプリに戻る',
  },
  'zh-CN': {
    title: '沙箱支付',
    notice: '这是测试支付，不会产生实际扣款。',
    order: '订单号',
    amount: '金额',
    coins: '爱心币',
    pay: '支付',
    cancel: '取消',
    sent: '支付完成，爱心币稍后到账。',
    cancelled: '已取消支付。',
    paid: '该订单已支付。',
    closed: '该订单已关闭。',
    failed: '该订单支付失败。',
    invalid: '支付链接无效。',
    back: '返回应用',
  },
  'zh-TW': {
    title: '沙箱支付',
    notice: '這是測試支付，不會產生實際扣款。',
    order: '訂單號',
    amount: '金額',
    coins: '愛心幣',
    pay: '支付',
    cancel: '取消',
    sent: '支付完成，愛心幣稍後到帳。',
    cancelled: '已取消支付。',
    paid: '該訂單已支付。',
    closed: '該訂單已關閉。',
    failed: '該訂單支付失敗。',
    invalid: '支付連結無效。',
    back: '返回應用',
  },
};

/** Where "back to the app" goes: the wallet page (spec route /pages/money/money). */
export const RETURN_PATH = '/pages/money/money';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The page's security headers: no script, forms only to itself, never framed. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
} as const;

function layout(locale: Locale, body: string): string {
  const t = TEXTS[locale];
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}
h1{font-size:20px;margin:0 0 8px}
.notice{background:#fff7e6;border:1px solid #ffd591;border-radius:8px;padding:8px 12px;font-size:14px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;background:#fff;border-radius:8px;padding:16px;margin:16px 0}
dt{color:#888}dd{margin:0;text-align:right;font-weight:600;word-break:break-all}
form{display:flex;gap:12px}button{flex:1;font-size:17px;padding:12px;border-radius:24px;border:0}
.pay{background:#54BDFF;color:#fff}.cancel{background:#e8e8e8;color:#333}
.result{background:#fff;border-radius:8px;padding:16px;margin:16px 0;font-size:17px}
a{color:#1677ff}
</style></head><body><main><h1>${escapeHtml(t.title)}</h1>
<p class="notice">${escapeHtml(t.notice)}</p>
${body}</main></body></html>`;
}

/** The payment page: the order, Pay and Cancel (a form posting back with the page token). */
export function renderPayPage(locale: Locale, order: SandboxOrderView, token: string): string {
  const t = TEXTS[locale];
  const hidden = `<input type="hidden" name="sig" value="${escapeHtml(token)}"><input type="hidden" name="lang" value="${locale}">`;
  return layout(
    locale,
    `<dl><dt>${escapeHtml(t.order)}</dt><dd>${escapeHtml(order.orderNo)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(order.currency)} ${formatMinor(order.amount)}</dd>
<dt>${escapeHtml(t.coins)}</dt><dd>${String(order.coins)}</dd></dl>
<form method="post">${hidden}
<button class="cancel" type="submit" name="action" value="cancel">${escapeHtml(t.cancel)}</button>
<button class="pay" type="submit" name="action" value="pay">${escapeHtml(t.pay)}</button></form>`,
  );
}

/** The wallet page's address, with the order it should show the outcome of (`?order_no=`). */
export function returnUrl(orderNo?: string): string {
  return orderNo ? `${RETURN_PATH}?order_no=${encodeURIComponent(orderNo)}` : RETURN_PATH;
}

/** The page after a decision, or for an order that can no longer be paid; "back" returns to the order. */
export function renderResultPage(locale: Locale, result: PayerResult | 'cancelled', orderNo?: string): string {
  const t = TEXTS[locale];
  const text = { sent: t.sent, cancelled: t.cancelled, paid: t.paid, closed: t.closed, failed: t.failed };
  const valid = result !== 'invalid' && result !== 'not_found';
  const message = valid ? text[result] : t.invalid;
  const href = escapeHtml(returnUrl(valid ? orderNo : undefined));
  return layout(
    locale,
    `<p class="result">${escapeHtml(message)}</p><p><a href="${href}">${escapeHtml(t.back)}</a></p>`,
  );
}
