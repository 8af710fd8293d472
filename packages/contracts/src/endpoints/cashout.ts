import { post } from '../endpoint';
import { EmptySchema } from '../envelope';
import {
  CashoutApplyBodySchema,
  CashoutConfigSchema,
  CashoutDetailSchema,
  CashoutIdBodySchema,
  CashoutLogBodySchema,
  CashoutLogDataSchema,
  CashoutSchema,
} from '../operator';

const tag = 'cashout';

/** /api/cashout/*: base operators' cash-outs (others get not_operator; another's cash-out is not_found). */
export const cashoutEndpoints = {
  config: post('/api/cashout/config', {
    auth: 'user',
    tag,
    input: EmptySchema.optional(),
    data: CashoutConfigSchema,
  }),
  /** A cash-out request: the same idempotency_key again answers the first request (with other details, refused). */
  apply: post('/api/cashout/apply', {
    auth: 'user',
    tag,
    input: CashoutApplyBodySchema,
    data: CashoutSchema,
    message: 'ok.cashoutApplied',
  }),
  log: post('/api/cashout/log', { auth: 'user', tag, input: CashoutLogBodySchema, data: CashoutLogDataSchema }),
  detail: post('/api/cashout/detail', { auth: 'user', tag, input: CashoutIdBodySchema, data: CashoutDetailSchema }),
  claim: post('/api/cashout/claim', {
    auth: 'user',
    tag,
    input: CashoutIdBodySchema,
    data: CashoutSchema,
    message: 'ok.cashoutClaimed',
  }),
};
