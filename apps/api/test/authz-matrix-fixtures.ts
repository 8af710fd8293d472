import { z } from 'zod';
import type { ErrorId } from '@petheart/contracts';

/**
 * The authorization matrix's tables (authz-matrix.test.ts): which ids are public and why, the lists that are one's
 * own, the objects user A owns, and how each id-taking route is called on them.
 */

/** Object ids that are public by design, per "METHOD url key", with the reason. */
const LIVE_ROOM = 'live device ids are public: every live room is open to everyone';
export const PUBLIC_IDS: Record<string, string> = {
  'POST /api/live/detail device_id': LIVE_ROOM,
  'POST /api/live/play device_id': LIVE_ROOM,
  'GET /live/hls/:device_id/:recording/:segment device_id': `${LIVE_ROOM} (a segment also needs the token its signed playlist gives)`,
  'POST /api/live/follow device_id': LIVE_ROOM,
  'POST /api/live/unfollow device_id': LIVE_ROOM,
  'POST /api/live/fans/join device_id': LIVE_ROOM,
  'POST /api/live/fans/list device_id': LIVE_ROOM,
  'POST /api/live/comment/list device_id': LIVE_ROOM,
  'POST /api/live/comment/send device_id': LIVE_ROOM,
  'POST /api/live/clip/create device_id': LIVE_ROOM,
  'POST /api/live/clip/list device_id': `${LIVE_ROOM} (published clips only)`,
  'POST /api/live/feed device_id': `${LIVE_ROOM}: anyone may feed`,
  'POST /api/report/create device_id': `${LIVE_ROOM}: anyone may report a problem with it`,
  'POST /api/post/publish device_id': `${LIVE_ROOM}: a post names the room it is about`,
  'POST /api/post/update device_id': `${LIVE_ROOM}: a post names the room it is about`,
  'POST /api/feed/proof id': 'a succeeded feed’s proof is public by design: its link is shared (issue 28 §1)',
  'POST /api/base/detail id': 'bases (feeding stations) are public pages',
  'POST /api/pet/detail id': 'the pet corner is public',
  'POST /api/pet/list base_id': 'bases are public',
  'POST /api/content/article id': 'published articles are public (drafts are the console’s)',
  'POST /api/balance/Recharge id': 'a recharge package from the configuration, not an object anyone owns',
  'POST /api/support/apply application_type_id': 'a support type from the configuration',
  'POST /api/support/event id': 'published support events are public',
  'POST /api/support/events id': 'published support events are public',
  'POST /api/support/supporters event_id': 'supporters of published events are public',
  'POST /api/support/supporters item_id': 'supporters of published items are public',
  'POST /api/support/give item_id': 'anyone may support a published item',
  'POST /api/support/orderConfirm id': 'anyone may help pay for a published item',
  'POST /api/support/orderConfirm rescue_station_id': 'rescue stations are public',
  'POST /api/balance/HelpPay id': 'anyone may help pay for a published item',
  'POST /api/balance/HelpPay rescue_station_id': 'rescue stations are public',
  'POST /api/statement/list base_id': 'monthly statements are public: anyone may verify a base’s account',
  'GET /api/statement/download base_id': 'monthly statements are public: anyone may verify a base’s account',
  'POST /api/transparency/base base_id': 'a base’s public account is open to everyone (issue 28 §3)',
  'POST /api/feed/certificate/public id':
    'a certificate link id is public by design: its owner shares it, and it is an opaque token, not a guessable id (issue 29 §4)',
  'GET /api/feed/certificate/image id': 'the shared certificate’s picture, by the same opaque link id (issue 29 §4)',
};

/**
 * Routes that take no id and answer the caller's own objects (issue 29 §5, Me): another user's call must not
 * show them. Each: how many of A's objects the answer lists.
 */
export const OWN_LISTS: Record<string, { body: unknown; count: (data: unknown) => number }> = {
  'POST /api/live/myFans': { body: {}, count: (d) => (d as { total: number }).total },
  'POST /api/support/myGifts': { body: {}, count: (d) => (d as { total: number }).total },
  'POST /api/live/list': { body: { tab: 'follow' }, count: (d) => (d as { total: number }).total },
};

/** Keys that name an object (or several: a notification's `ids`). */
export const isIdKey = (key: string) => key === 'id' || key === 'ids' || key.endsWith('_id') || key.endsWith('_no');

/** The top-level keys of a zod request schema (objects, through optional/default/pipe/union). */
export function keysOf(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  const def = (schema as unknown as { def: Record<string, unknown> }).def;
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') return keysOf(def.innerType);
  if (def.type === 'pipe') return keysOf(def.in);
  if (def.type === 'union') return [...new Set((def.options as unknown[]).flatMap(keysOf))];
  return [];
}

/** The objects user A owns, made through the API where it can (and directly where it needs hardware). */
export interface World {
  cashoutId: number;
  orderNo: string;
  feedId: string;
  clipId: string;
  foodPurchaseId: number;
  deviceId: string;
  baseId: number;
  pendingPostId: number;
  publishedPostId: number;
  commentId: number;
  applicationId: number | undefined;
  notificationId: number;
}

export interface Case {
  url?: string;
  body?: unknown;
  /**
   * The owner's same call succeeds (so the fixture names a real object and a valid request): reads, and
   * writes whose effect does not matter once the matrix has run.
   */
  ownerSucceeds?: boolean;
  /**
   * How the refusal is answered when not 403 / 404: a create or update that names another user's object
   * as a reference (a post with someone else's clip) is invalid input (400), as a clip that does not exist.
   */
  refusedAs?: ErrorId;
}

/** How to call each id-taking route on A's object: "METHOD url key" → the request. */
export const FIXTURES: Record<string, (w: World) => Case> = {
  'POST /api/cashout/detail id': (w) => ({ body: { id: w.cashoutId }, ownerSucceeds: true }),
  'POST /api/cashout/claim id': (w) => ({ body: { id: w.cashoutId } }),
  'POST /api/balance/order order_no': (w) => ({ body: { order_no: w.orderNo }, ownerSucceeds: true }),
  'POST /api/feed/detail id': (w) => ({ body: { id: w.feedId }, ownerSucceeds: true }),
  // Its clip is not cut here (no live video): the owner's call answers clip_unavailable, another user's not_found.
  'POST /api/feed/proof/clip id': (w) => ({ body: { id: w.feedId } }),
  'POST /api/manage/device/health device_id': (w) => ({ body: { device_id: w.deviceId }, ownerSucceeds: true }),
  'POST /api/manage/device/refill device_id': (w) => ({ body: { device_id: w.deviceId, grams: 100 } }),
  'POST /api/manage/base/location base_id': (w) => ({
    body: { base_id: w.baseId, location_public: false },
    ownerSucceeds: true,
  }),
  'POST /api/feed/status id': (w) => ({ body: { id: w.feedId, wait_ms: 0 }, ownerSucceeds: true }),
  'POST /api/manage/food/list base_id': (w) => ({ body: { base_id: w.baseId }, ownerSucceeds: true }),
  'POST /api/manage/food/add base_id': (w) => ({
    body: {
      base_id: w.baseId,
      amount: 100,
      currency: 'CNY',
      grams: 100,
      receipt_photo: '/uploads/r.jpg',
      purchased_on: '2025-01-01',
    },
  }),
  'POST /api/manage/food/void id': (w) => ({ body: { id: w.foodPurchaseId } }),
  'POST /api/live/clip/publish id': (w) => ({ body: { id: w.clipId } }),
  'POST /api/post/detail id': (w) => ({ body: { id: w.pendingPostId }, ownerSucceeds: true }),
  'POST /api/post/comments id': (w) => ({ body: { id: w.pendingPostId }, ownerSucceeds: true }),
  'POST /api/post/comment id': (w) => ({ body: { id: w.pendingPostId, content: 'not yours' } }),
  'POST /api/post/like id': (w) => ({ body: { id: w.pendingPostId, like: true } }),
  'POST /api/post/delete id': (w) => ({ body: { id: w.publishedPostId } }),
  'POST /api/post/update id': (w) => ({
    body: { id: w.publishedPostId, content: 'taken over', device_id: w.deviceId },
  }),
  'POST /api/post/publish clip_id': (w) => ({
    body: { content: 'my video', device_id: w.deviceId, clip_id: w.clipId },
    refusedAs: 'validation_failed',
    ownerSucceeds: true,
  }),
  'POST /api/post/commentDelete id': (w) => ({ body: { id: w.commentId } }),
  'POST /api/support/application id': (w) => ({ body: { id: w.applicationId }, ownerSucceeds: true }),
  'POST /api/notification/read ids': (w) => ({ body: { ids: [w.notificationId] }, ownerSucceeds: true }),
  'GET /api/payment/sandbox/:order_no order_no': (w) => ({ url: `/api/payment/sandbox/${w.orderNo}` }),
  'POST /api/payment/sandbox/:order_no order_no': (w) => ({
    url: `/api/payment/sandbox/${w.orderNo}`,
    body: { action: 'pay' },
  }),
};
/** update's clip_id is B's own post with A's clip (B's post is made at run time). */
export const UPDATE_CLIP = 'POST /api/post/update clip_id';
export const updateWithClip = (postId: number, w: World): Case => ({
  body: { id: postId, content: 'with a clip', device_id: w.deviceId, clip_id: w.clipId },
  refusedAs: 'validation_failed',
});

export const REFUSED = new Set([401, 403, 404]);
