import { EmsSendBodySchema, SmsSendBodySchema } from '../account';
import { post } from '../endpoint';
import { EmptySchema } from '../envelope';

const tag = 'account';

/** /api/ems/send and /api/sms/send: auth codes by mail and by SMS. */
export const codeEndpoints = {
  emsSend: post('/api/ems/send', {
    auth: 'none',
    tag,
    input: EmsSendBodySchema,
    data: EmptySchema,
    message: 'ok.codeSent',
  }),
  smsSend: post('/api/sms/send', {
    auth: 'none',
    tag,
    input: SmsSendBodySchema,
    data: EmptySchema,
    message: 'ok.codeSent',
  }),
};
