import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devices } from '../../db/schema';

/** The live rooms' stills on their device rows (issue 26 §2). */
export class ThumbnailRepository {
  constructor(private readonly db: Database) {}

  /**
   * Names a device's newest still (its public path) and when it was taken, unless the row already names a newer
   * one. False when nothing changed (an unknown device, or an older still).
   */
  async setThumbnail(deviceId: string, thumbnail: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(devices)
      .set({ thumbnail, thumbnailAt: at })
      .where(and(eq(devices.id, deviceId), or(isNull(devices.thumbnailAt), lt(devices.thumbnailAt, at))))
      .returning({ id: devices.id });
    return rows.length > 0;
  }
}
