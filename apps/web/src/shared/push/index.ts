export {
  keyBytes,
  pushState,
  pushSupported,
  refreshPush,
  subscribePush,
  unsubscribePush,
  type PushState,
  type SubscribeResult,
} from './browser';
