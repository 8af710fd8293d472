import { post } from '../endpoint';
import { PayRequestDataSchema } from '../payment';
import {
  HelpPayBodySchema,
  MyGiftListBodySchema,
  MyGiftListDataSchema,
  OrderConfirmBodySchema,
  OrderConfirmDataSchema,
  SupportApplicationListBodySchema,
  SupportApplicationListDataSchema,
  SupportApplicationSchema,
  SupportApplyBodySchema,
  SupportEventDetailSchema,
  SupportEventListBodySchema,
  SupportEventListDataSchema,
  SupportGiveBodySchema,
  SupportGiveDataSchema,
  SupportIdBodySchema,
  SupportSupportersBodySchema,
  SupportSupportersDataSchema,
  SupportTypeListDataSchema,
} from '../support';

const tag = 'support';

/** /api/support/* and /api/balance/HelpPay (decision 016): applying, events, giving, help-pay. */
export const supportEndpoints = {
  types: post('/api/support/types', {
    auth: 'none',
    tag,
    summary: 'The support types (from config)',
    data: SupportTypeListDataSchema,
  }),
  apply: post('/api/support/apply', {
    auth: 'user',
    tag,
    summary: 'Applies for support for a shelter (waits for review)',
    input: SupportApplyBodySchema,
    data: SupportApplicationSchema,
    message: 'ok.applied',
  }),
  applications: post('/api/support/applications', {
    auth: 'user',
    tag,
    summary: 'The user’s applications, newest first',
    input: SupportApplicationListBodySchema,
    data: SupportApplicationListDataSchema,
  }),
  application: post('/api/support/application', {
    auth: 'user',
    tag,
    summary: 'One of the user’s applications (its review state and reason)',
    input: SupportIdBodySchema,
    data: SupportApplicationSchema,
  }),
  events: post('/api/support/events', {
    auth: 'none',
    tag,
    summary: 'Support events with their progress: live first, newest first',
    input: SupportEventListBodySchema,
    data: SupportEventListDataSchema,
  }),
  event: post('/api/support/event', {
    auth: 'none',
    tag,
    summary: 'One support event with its items (price per point, gift, progress, supporters)',
    input: SupportIdBodySchema,
    data: SupportEventDetailSchema,
  }),
  supporters: post('/api/support/supporters', {
    auth: 'none',
    tag,
    summary: 'The gifts to an event or an item, newest first',
    input: SupportSupportersBodySchema,
    data: SupportSupportersDataSchema,
  }),
  /** Coins for points of an item: the same idempotency_key again answers the first gift. */
  give: post('/api/support/give', {
    auth: 'user',
    tag,
    summary: 'Gives points of an item with coins (idempotent per key)',
    input: SupportGiveBodySchema,
    data: SupportGiveDataSchema,
    message: 'ok.supported',
  }),
  myGifts: post('/api/support/myGifts', {
    auth: 'user',
    tag,
    summary: 'The user’s support history: each gift with coins or help-pay, newest first',
    input: MyGiftListBodySchema,
    data: MyGiftListDataSchema,
  }),
  orderConfirm: post('/api/support/orderConfirm', {
    auth: 'optional',
    tag,
    summary: 'What a help-pay pays and to whom (before paying)',
    input: OrderConfirmBodySchema,
    data: OrderConfirmDataSchema,
  }),
  /** A payment order for points of a support item: listed under both tags. */
  balanceHelpPay: post('/api/balance/HelpPay', {
    auth: 'user',
    tag: ['payment', tag],
    summary: 'Creates a payment order for points of a support item; data.response goes to the payment bridge',
    input: HelpPayBodySchema,
    data: PayRequestDataSchema,
  }),
};
