import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { UPLOAD_MAX_BYTES, uploadEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import { AppError } from '../../http/errors';
import type { UploadService } from './service';

const TOO_LARGE = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : '';
}

/** Maps multipart parsing failures onto the upload error ids. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  return new AppError(TOO_LARGE.has(codeOf(error)) ? 'upload_too_large' : 'upload_failed');
}

/** POST /api/common/upload: one image in multipart field `file` (FastAdmin's common/upload). */
export const uploadRoutes: FastifyPluginAsync<{ upload: UploadService }> = async (app, { upload }) => {
  // Registered inside this plugin only: no other route accepts multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });

  route(app, e.upload, async (request) => {
    const user = currentUser(request);
    await upload.admit(user.id);
    let input: Buffer;
    try {
      const part = await request.file();
      if (part?.fieldname !== 'file') throw new AppError('upload_failed');
      input = await part.toBuffer();
      // toBuffer() only looks at `truncated` after each chunk it reads: when the limit falls exactly on a
      // chunk boundary (Node's fetch streams a Blob in 64 KiB chunks), busboy marks the file truncated after
      // the last chunk was read and toBuffer() answers the first UPLOAD_MAX_BYTES as if that were the file.
      if (part.file.truncated) throw new AppError('upload_too_large');
    } catch (error) {
      throw uploadError(error);
    }
    if (input.length === 0) throw new AppError('upload_failed');
    return upload.store(user.id, input);
  });
};
