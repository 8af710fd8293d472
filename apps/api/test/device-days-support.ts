import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';

/**
 * Where device_days (decision 021) differs from the sums it stands for: per device and UTC day, the feeds'
 * committed grams (pending at the grams asked, succeeded at what fell) and the acknowledged dispense
 * commands' grams. Empty when the triggers kept it exactly.
 */
export async function deviceDaysMismatches(db: Database) {
  return rowsOf<{ device_id: string; day: string }>(
    await db.execute(sql`
      WITH expected AS (
        SELECT device_id, day, sum(committed)::int AS committed, sum(dispensed)::int AS dispensed FROM (
          SELECT device_id, (created_at AT TIME ZONE 'UTC')::date AS day,
                 CASE status WHEN 'pending' THEN grams WHEN 'succeeded' THEN grams_dispensed ELSE 0 END AS committed,
                 0 AS dispensed
            FROM feeds
          UNION ALL
          SELECT device_id, (acked_at AT TIME ZONE 'UTC')::date, 0, coalesce(grams, 0)
            FROM device_commands WHERE kind = 'dispense' AND status = 'acked' AND acked_at IS NOT NULL
        ) x GROUP BY 1, 2
      )
      SELECT coalesce(e.device_id, d.device_id) AS device_id, coalesce(e.day, d.day)::text AS day,
             e.committed, d.grams_committed, e.dispensed, d.grams_dispensed
        FROM expected e FULL JOIN device_days d ON d.device_id = e.device_id AND d.day = e.day
       WHERE coalesce(e.committed, 0) <> coalesce(d.grams_committed, 0)
          OR coalesce(e.dispensed, 0) <> coalesce(d.grams_dispensed, 0)`),
  );
}
