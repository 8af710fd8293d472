/**
 * Paying through the configured provider (decision 010), shared by the wallet (recharge) and the order
 * confirmation (help-pay): the bridge to the provider, the pay flow, and the order status after it.
 */
export {
  BRIDGE_READY_TIMEOUT_MS,
  invokeWechatPay,
  isWechatBrowser,
  openPayPage,
  payAction,
  wechatPayResult,
  type BridgeHost,
  type PayAction,
  type WechatPayResult,
} from './bridge';
export { POLL_GIVE_UP_MS, isFinal, pollDelay, pollStep, type OrderPhase } from './order-status';
export { useOrderStatus, type OrderStatusState } from './useOrderStatus';
export { usePayFlow } from './usePayFlow';
