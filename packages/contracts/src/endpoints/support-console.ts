import { post } from '../endpoint';
import { SupportIdBodySchema } from '../support';
import {
  ConsoleSupportApplicationListBodySchema,
  ConsoleSupportApplicationListDataSchema,
  ConsoleSupportApplicationSchema,
  ConsoleSupportEventCreateBodySchema,
  ConsoleSupportEventListBodySchema,
  ConsoleSupportEventListDataSchema,
  ConsoleSupportEventSchema,
  ConsoleSupportEventUpdateBodySchema,
  ConsoleSupportReviewBodySchema,
} from '../support-console';

const tag = ['admin', 'support'];

/** /api/admin/support/*: reviewing applications, publishing and editing events (admins only; decision 016). */
export const supportConsoleEndpoints = {
  applications: post('/api/admin/support/applications', {
    auth: 'admin',
    tag,
    summary: 'Support applications (pending: oldest first; otherwise newest first)',
    input: ConsoleSupportApplicationListBodySchema,
    data: ConsoleSupportApplicationListDataSchema,
  }),
  application: post('/api/admin/support/application', {
    auth: 'admin',
    tag,
    input: SupportIdBodySchema,
    data: ConsoleSupportApplicationSchema,
  }),
  /** Only a pending application is reviewed, to the status asked: the answer's status is the body's. */
  review: post('/api/admin/support/review', {
    auth: 'admin',
    tag,
    summary: 'Approves (1) or rejects (2, with a reason) a pending application',
    input: ConsoleSupportReviewBodySchema,
    data: ConsoleSupportApplicationSchema,
    message: (body) => (body.status === 1 ? 'ok.applicationApproved' : 'ok.applicationRejected'),
  }),
  events: post('/api/admin/support/events', {
    auth: 'admin',
    tag,
    input: ConsoleSupportEventListBodySchema,
    data: ConsoleSupportEventListDataSchema,
  }),
  event: post('/api/admin/support/event', {
    auth: 'admin',
    tag,
    input: SupportIdBodySchema,
    data: ConsoleSupportEventSchema,
  }),
  eventCreate: post('/api/admin/support/event/create', {
    auth: 'admin',
    tag,
    summary: 'Publishes a live event with its items for an approved application',
    input: ConsoleSupportEventCreateBodySchema,
    data: ConsoleSupportEventSchema,
    message: 'ok.eventPublished',
  }),
  eventUpdate: post('/api/admin/support/event/update', {
    auth: 'admin',
    tag,
    summary: 'Edits an event (texts, cover, live/closed) and its items (texts, target; new items)',
    input: ConsoleSupportEventUpdateBodySchema,
    data: ConsoleSupportEventSchema,
    message: 'ok.saved',
  }),
};
