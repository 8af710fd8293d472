import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live; local disk now, an S3-compatible store later behind the same interface. */
export interface FileStorage {
  /** Stores the bytes under a new random name and answers the public path, e.g. `/uploads/20250101/<name>.jpg`. */
  save(data: Buffer, ext: string, now: Date): Promise<string>;
}

/** Files under `root/<yyyymmdd>/<32 hex>.<ext>`, served by http/web.ts at /uploads/. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async save(data: Buffer, ext: string, now: Date): Promise<string> {
    if (!/^[a-z0-9]{1,5}$/.test(ext)) throw new Error(`bad extension ${ext}`);
    const day = now.toISOString().slice(0, 10).replaceAll('-', '');
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    const dir = path.join(this.root, day);
    await mkdir(dir, { recursive: true });
    // 'wx': never overwrite (a name collision of 128 random bits is an error, not a replacement).
    await writeFile(path.join(dir, name), data, { flag: 'wx', mode: 0o644 });
    return `/uploads/${day}/${name}`;
  }
}
