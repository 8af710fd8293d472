import { z } from 'zod';
import { StringSchema } from './fields';

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// POST /api/common/upload (multipart field `file`)
export const UploadDataSchema = z.object({ url: StringSchema, fullurl: StringSchema });
export type UploadData = z.infer<typeof UploadDataSchema>;
