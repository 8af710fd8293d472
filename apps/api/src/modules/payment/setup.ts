import type { Clock } from '../../lib/clock';
import type { AppConfig } from '../../config/env';
import type { PaymentProvider } from './provider';
import { SandboxProvider, sandboxKeys } from './providers/sandbox';
import { SandboxPayer, type SandboxOrderView } from './providers/sandbox-payer';
import { WechatPayProvider } from './providers/wechat';
import { loadWechatKeys } from './providers/wechat-keys';

/**
 * The configured provider (PAYMENT_PROVIDER) and, for the sandbox, its payer side (the payment page and
 * the notifications it sends to PUBLIC_URL/api/payment/notify/sandbox).
 */
export async function configuredPayment(
  config: AppConfig,
  deps: {
    clock: Clock;
    findOrder: (orderNo: string) => Promise<SandboxOrderView | undefined>;
    onError: (error: unknown) => void;
  },
): Promise<{ provider: PaymentProvider; sandbox: SandboxPayer | undefined }> {
  const { clock } = deps;
  if (config.payment.provider === 'wechat') {
    const wechat = config.payment.wechat;
    if (!wechat) throw new Error('PAYMENT_PROVIDER=wechat needs the WECHAT_* settings');
    const keys = await loadWechatKeys(wechat);
    return { provider: new WechatPayProvider({ config: wechat, keys, clock }), sandbox: undefined };
  }
  const keys = await sandboxKeys(config.payment.dir);
  return {
    provider: new SandboxProvider({ keys, clock }),
    sandbox: new SandboxPayer({
      keys,
      notifyUrl: `${config.publicUrl}/api/payment/notify/sandbox`,
      orders: { find: deps.findOrder },
      clock,
      onError: deps.onError,
    }),
  };
}
