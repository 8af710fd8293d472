import { post } from '../endpoint';
import {
  FeedBodySchema,
  FeedIdBodySchema,
  FeedLogBodySchema,
  FeedLogDataSchema,
  FeedReceiptSchema,
  FeedSchema,
  FeedStatusBodySchema,
  PublicFeedProofSchema,
} from '../feed';
import { ClipSchema } from '../live';

const tag = 'feed';

/** /api/live/feed and /api/feed/status|detail|log: feed a portion, follow it, the feeding log, a receipt (decision 011). */
export const feedEndpoints = {
  liveFeed: post('/api/live/feed', {
    auth: 'user',
    tag,
    summary: 'Feeds a portion the device offers: holds its coins and queues the dispense (one feed per key)',
    input: FeedBodySchema,
    data: FeedSchema,
    message: 'ok.feedQueued',
  }),
  status: post('/api/feed/status', {
    auth: 'user',
    tag,
    summary: 'One of the user’s feeds now; with wait_ms, answers once it has ended or after that long',
    input: FeedStatusBodySchema,
    data: FeedSchema,
  }),
  detail: post('/api/feed/detail', {
    auth: 'user',
    tag,
    summary: 'The receipt of one of the user’s feeds',
    input: FeedIdBodySchema,
    data: FeedReceiptSchema,
  }),
  log: post('/api/feed/log', {
    auth: 'user',
    tag,
    summary: 'The user’s feeding log, newest first',
    input: FeedLogBodySchema,
    data: FeedLogDataSchema,
  }),
  proof: post('/api/feed/proof', {
    auth: 'none',
    tag,
    summary: 'A succeeded feed’s public proof: nickname, base, grams measured, time and clip (not_found otherwise)',
    input: FeedIdBodySchema,
    data: PublicFeedProofSchema,
  }),
  proofClip: post('/api/feed/proof/clip', {
    auth: 'user',
    tag,
    summary:
      'The user’s own succeeded feed’s proof clip as a clip of theirs, to put in a community post (kept past the retention period from then on); clip_unavailable unless ready',
    input: FeedIdBodySchema,
    data: ClipSchema,
  }),
};
