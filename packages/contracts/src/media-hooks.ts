import { z } from 'zod';
import { StringSchema } from './fields';

/**
 * What nginx-rtmp's on_publish / on_publish_done callbacks POST (form-encoded; issue 26 §5): the stream's
 * application and name, the publisher's address, and the publish URL's own query (`?key=`: the device's
 * secret). nginx sends more fields (flashver, tcurl, clientid…): they are kept out.
 */
export const MediaHookBodySchema = z.object({
  call: z.enum(['publish', 'publish_done'], { error: 'v.invalid' }),
  app: StringSchema.max(64),
  name: StringSchema.max(128),
  key: StringSchema.max(512).optional(),
  addr: StringSchema.max(64).optional(),
});
export type MediaHookBody = z.infer<typeof MediaHookBodySchema>;

/** The callback's own secret, in its query (`?token=`), shared by the API and the nginx origin's configuration. */
export const MediaHookQuerySchema = z.object({ token: StringSchema.max(256).optional() });
