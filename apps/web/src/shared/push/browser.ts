import { pushEndpoints, type Locale } from '@petheart/contracts';
import type { ApiClient } from '../api';

/**
 * This browser's Web Push subscription (issue 29 §2): the permission, the push manager of the app's service
 * worker, and the API that keeps the subscription under the signed-in login.
 */

/** Where push stands in this browser: no Push API (or no service worker), blocked by the user, off, on. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';
/** What turning push on came to; 'dismissed': the permission prompt was closed without an answer. */
export type SubscribeResult = 'on' | 'unsupported' | 'denied' | 'dismissed' | 'failed';

/** How long to wait for the app's service worker to be active before saying push cannot work here. */
const READY_TIMEOUT_MS = 10_000;

/** Whether this browser has what Web Push needs: service workers, the Push API, notifications. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The base64url key as bytes (the applicationServerKey). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((x, i) => x === b[i]);
}

/** How long the browser may take to subscribe (it asks its push service, which may be unreachable). */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

/** The promise's value, or `fallback` once `ms` have passed. */
async function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<F>((resolve) => {
    timer = setTimeout(() => {
      resolve(fallback);
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The app's active service worker registration, or undefined when none comes in time (no worker, dev server). */
function readyRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return within(navigator.serviceWorker.ready, READY_TIMEOUT_MS, undefined);
}

/** This browser's subscription, if it has one (never waits for a worker). */
async function existingSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Hands the subscription to the API; without `lang`, the API takes the request's (the app's language header). */
async function register(api: ApiClient, subscription: PushSubscription, lang?: Locale): Promise<void> {
  const json = subscription.toJSON();
  const keys = { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' };
  const body = { endpoint: subscription.endpoint, keys, ...(lang ? { lang } : {}) };
  await api.call(pushEndpoints.subscribe, body, { silent: true });
}

/** Where push stands now (asks nothing). */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  try {
    return (await existingSubscription()) ? 'on' : 'off';
  } catch {
    return 'off';
  }
}

/**
 * Turns push on in this browser: asks the permission, subscribes the app's worker with the server's VAPID key
 * (again if the key changed), and hands the subscription to the API in the app's language.
 */
export async function subscribePush(api: ApiClient, lang: Locale): Promise<SubscribeResult> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const registration = await readyRegistration();
  if (!registration) return 'unsupported';
  try {
    const { public_key } = await api.call(pushEndpoints.key, undefined, { silent: true });
    const key = keyBytes(public_key);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await within(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      SUBSCRIBE_TIMEOUT_MS,
      null,
    );
    if (!subscription) return 'failed';
    await register(api, subscription, lang);
    return 'on';
  } catch {
    return 'failed';
  }
}

/** Turns push off in this browser: the API forgets the subscription, and the browser drops it. */
export async function unsubscribePush(api: ApiClient): Promise<void> {
  if (!pushSupported()) return;
  const subscription = await existingSubscription().catch(() => null);
  if (!subscription) return;
  await api
    .call(pushEndpoints.unsubscribe, { endpoint: subscription.endpoint }, { silent: true })
    .catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}

/**
 * At app start (signed in): a subscription this browser already has is handed to the API again, so it is kept
 * under the current login and language (and new keys, if the browser renewed it).
 */
export async function refreshPush(api: ApiClient): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const subscription = await existingSubscription();
  if (subscription) await register(api, subscription);
}
