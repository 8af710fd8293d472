import { z } from 'zod';

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// POST /api/common/upload (multipart field `file`)
export const UploadDataSchema = z.object({ url: z.string(), fullurl: z.string() });
export type UploadData = z.infer<typeof UploadDataSchema>;
