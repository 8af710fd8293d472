import { post } from '../endpoint';
import { UploadDataSchema } from '../upload';

/** /api/common/upload: one image in multipart field `file` (FastAdmin's common/upload). */
export const uploadEndpoints = {
  upload: post('/api/common/upload', {
    multipart: true,
    auth: 'user',
    tag: 'common',
    summary: 'Upload one image (JPEG, PNG or WebP) in multipart field `file`',
    data: UploadDataSchema,
    message: 'ok.uploaded',
  }),
};
