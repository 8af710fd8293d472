import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { ProofClipFields } from '../feed/repository';

/** One thing a user's coins paid for, as the impact query reads it. */
export type ImpactRow =
  | {
      kind: 'feed';
      id: string;
      at: Date;
      settledAt: Date;
      coins: number;
      grams: number;
      baseId: number;
      baseName: string;
      deviceId: string;
      deviceName: string;
      proof: ProofClipFields | null;
    }
  | {
      kind: 'gift' | 'help_pay';
      id: string;
      at: Date;
      coins: number;
      points: number;
      itemTitle: string;
      eventId: number;
      eventTitle: string;
      stationName: string;
      baseId: number | null;
      baseName: string | null;
    };

export interface ImpactCounts {
  feeds: number;
  feedCoins: number;
  gifts: number;
  giftCoins: number;
  helpPayCoins: number;
}

interface RawImpact {
  kind: 'feed' | 'gift' | 'help_pay';
  id: string;
  at_ms: number;
  coins: number;
  grams: number | null;
  base_id: number | null;
  base_name: string | null;
  device_id: string | null;
  device_name: string | null;
  proof_state: ProofClipFields['state'] | null;
  proof_path: string | null;
  proof_ms: number | null;
  points: number | null;
  item_title: string | null;
  event_id: number | null;
  event_title: string | null;
  station_name: string | null;
}

function toRow(r: RawImpact): ImpactRow {
  const at = new Date(r.at_ms);
  if (r.kind === 'feed')
    return {
      kind: 'feed',
      id: r.id,
      at,
      settledAt: at,
      coins: r.coins,
      grams: r.grams ?? 0,
      baseId: r.base_id ?? 0,
      baseName: r.base_name ?? '',
      deviceId: r.device_id ?? '',
      deviceName: r.device_name ?? '',
      proof:
        r.proof_state === null ? null : { state: r.proof_state, path: r.proof_path ?? '', durationMs: r.proof_ms ?? 0 },
    };
  return {
    kind: r.kind,
    id: r.id,
    at,
    coins: r.coins,
    points: r.points ?? 0,
    itemTitle: r.item_title ?? '',
    eventId: r.event_id ?? 0,
    eventTitle: r.event_title ?? '',
    stationName: r.station_name ?? '',
    baseId: r.base_id,
    baseName: r.base_name,
  };
}

/**
 * What a user's coins paid for (issue 28 §4, "My impact"): their acknowledged feeds (feeds_user_idx) and their
 * gifts and help-pay payments to support requests, newest first.
 */
export class ImpactRepository {
  constructor(private readonly db: Database) {}

  async page(userId: number, offset: number, limit: number): Promise<ImpactRow[]> {
    const result = await this.db.execute(sql`
      SELECT 'feed' AS kind, f.id::text AS id, floor(extract(epoch from f.settled_at) * 1000)::float8 AS at_ms,
        f.coins_charged AS coins, f.grams_dispensed AS grams, f.base_id, b.name AS base_name, f.device_id,
        d.name AS device_name, pc.state AS proof_state, pc.path AS proof_path, pc.duration_ms AS proof_ms,
        NULL::int AS points, NULL::text AS item_title, NULL::int AS event_id, NULL::text AS event_title,
        NULL::text AS station_name
      FROM feeds f
      JOIN bases b ON b.id = f.base_id
      JOIN devices d ON d.id = f.device_id
      LEFT JOIN proof_clips pc ON pc.id = f.proof_clip_id
      WHERE f.user_id = ${userId} AND f.status = 'succeeded'
      UNION ALL
      SELECT CASE WHEN g.source = 'coins' THEN 'gift' ELSE 'help_pay' END, g.id::text,
        floor(extract(epoch from g.created_at) * 1000)::float8, g.coins, NULL, ob.id, ob.name, NULL, NULL, NULL, NULL,
        NULL, g.points, i.title, ev.id, ev.title, ap.name
      FROM support_gifts g
      JOIN support_items i ON i.id = g.item_id
      JOIN support_events ev ON ev.id = g.event_id
      JOIN support_applications ap ON ap.id = ev.application_id
      LEFT JOIN LATERAL (SELECT id, name FROM bases WHERE operator_id = ap.user_id ORDER BY id LIMIT 1) ob ON true
      WHERE g.user_id = ${userId}
      ORDER BY at_ms DESC, kind, id DESC
      LIMIT ${limit} OFFSET ${offset}`);
    return rowsOf<RawImpact>(result).map(toRow);
  }

  async counts(userId: number): Promise<ImpactCounts> {
    const result = await this.db.execute(sql`
      SELECT f.feeds, f.feed_coins, g.gifts, g.gift_coins, g.help_pay_coins
      FROM (SELECT count(*)::float8 AS feeds, coalesce(sum(coins_charged), 0)::float8 AS feed_coins
            FROM feeds WHERE user_id = ${userId} AND status = 'succeeded') f,
           (SELECT count(*)::float8 AS gifts,
              coalesce(sum(coins) FILTER (WHERE source = 'coins'), 0)::float8 AS gift_coins,
              coalesce(sum(coins) FILTER (WHERE source = 'help_pay'), 0)::float8 AS help_pay_coins
            FROM support_gifts WHERE user_id = ${userId}) g`);
    const r = rowsOf<{
      feeds: number;
      feed_coins: number;
      gifts: number;
      gift_coins: number;
      help_pay_coins: number;
    }>(result)[0];
    return {
      feeds: r?.feeds ?? 0,
      feedCoins: r?.feed_coins ?? 0,
      gifts: r?.gifts ?? 0,
      giftCoins: r?.gift_coins ?? 0,
      helpPayCoins: r?.help_pay_coins ?? 0,
    };
  }
}
