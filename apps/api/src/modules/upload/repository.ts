import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';

export interface UploadRecord {
  userId: number;
  path: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
}

export class UploadRepository {
  constructor(private readonly db: Database) {}

  async insert(record: UploadRecord): Promise<number> {
    const [row] = await this.db.insert(uploads).values(record).returning({ id: uploads.id });
    if (!row) throw new Error('upload row not inserted');
    return row.id;
  }
}
