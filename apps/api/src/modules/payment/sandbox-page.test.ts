import { describe, expect, it } from 'vitest';
import { LOCALES } from '@petheart/contracts';
import { renderPayPage, renderResultPage, returnUrl } from './sandbox-page';

const order = {
  orderNo: 'P1<b>',
  amount: 680,
  coins: 68,
  currency: 'CNY',
  status: 'created' as const,
  provider: 'sandbox' as const,
};

describe('sandbox payment page', () => {
  it('shows the order with Pay and Cancel, escaping what it prints', () => {
    const html = renderPayPage('en', order, 'tok"en');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('CNY 6.80');
    expect(html).toContain('P1&lt;b&gt;');
    expect(html).not.toContain('P1<b>');
    expect(html).toContain('value="tok&quot;en"');
    expect(html).toContain('name="action" value="pay"');
    expect(html).toContain('name="action" value="cancel"');
    expect(html).not.toContain('<script');
  });

  it('speaks every product language', () => {
    const titles = LOCALES.map((l) => /<h1>(.*)<\/h1>/.exec(renderPayPage(l, order, 't'))?.[1]);
    expect(titles).toEqual(['Sandbox payment', 'サンドボックス決済', '沙箱支付', '沙箱支付']);
    expect(renderResultPage('zh-TW', 'cancelled')).toContain('已取消支付');
    expect(renderResultPage('en', 'not_found')).toContain('not valid');
    expect(renderResultPage('ja', 'sent')).toContain('href="/pages/money/money"');
  });

  it('links back to the wallet page with the order, whose outcome it then shows', () => {
    expect(returnUrl('P20250101')).toBe('/pages/money/money?order_no=P20250101');
    expect(renderResultPage('en', 'sent', 'P20250101')).toContain('href="/pages/money/money?order_no=P20250101"');
    expect(renderResultPage('zh-CN', 'cancelled', 'P1&2')).toContain('href="/pages/money/money?order_no=P1%262"');
    // A link that did not verify names no order: the wallet page then opens plainly.
    expect(renderResultPage('en', 'invalid', 'P20250101')).toContain('href="/pages/money/money"');
  });
});
