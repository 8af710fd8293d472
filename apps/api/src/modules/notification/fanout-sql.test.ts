import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  alertOperators,
  eventSupporters,
  fanOutChunk,
  fanOutInsert,
  liveRoomLink,
  refundedFeeds,
  roomFollowers,
  toEach,
  toUsers,
  waitingReviews,
} from './fanout-sql';

const dialect = new PgDialect();
const at = new Date('2025-05-01T10:00:00Z');
const query = (source: Parameters<typeof fanOutInsert>[0]) => dialect.sqlToQuery(fanOutInsert(source, at));

describe('the fan-out statement', () => {
  it('is one INSERT … SELECT that skips dedupe conflicts and answers the rows it wrote', () => {
    const q = query(roomFollowers('PH-0001', 'online:PH-0001:1'));
    expect(q.sql).toMatch(/^INSERT INTO "notifications" \(user_id, kind, params, link, dedupe_key, created_at\)/);
    expect(q.sql).toContain('FROM "live_follows" f JOIN "devices" d ON d.id = f.device_id');
    expect(q.sql).toContain('ON CONFLICT (user_id, dedupe_key) DO NOTHING');
    expect(q.sql).toContain('RETURNING id, user_id, kind, params, link, created_at');
    expect(q.sql.match(/INSERT/g)).toHaveLength(1);
    expect(q.params).toEqual([at.toISOString(), '/pages/live/live?device_id=PH-0001', 'online:PH-0001:1', 'PH-0001']);
  });

  it('takes a list of readers as one parameter, however long', () => {
    const spec = { kind: 'post_approved' as const, params: { title: 'x' }, link: '/l' };
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const few = query(toUsers([1, 2], spec));
    const many = query(toUsers(ids, spec));
    expect(many.params).toHaveLength(few.params.length);
    expect(many.sql).toBe(few.sql);
    expect(many.params).toContain(`{${ids.join(',')}}`);
    expect(few.params).toEqual([at.toISOString(), 'post_approved', '{"title":"x"}', '/l', null, '{1,2}']);

    const each = query(toEach(ids.map((userId) => ({ userId, ...spec, dedupeKey: `k${String(userId)}` }))));
    expect(each.params).toHaveLength(2);
    expect(each.sql).toContain('jsonb_to_recordset');
    expect(JSON.parse(String(each.params[1]))).toHaveLength(10_000);
  });

  it('selects each producer’s readers inside the statement', () => {
    const goal = query(eventSupporters({ itemId: 7 }));
    expect(goal.sql).toContain(
      'NOT EXISTS (SELECT 1 FROM "support_items" i WHERE i.event_id = e.id AND i.completed < i.target)',
    );
    expect(goal.sql).toContain("'goal:' || e.id::text");
    expect(goal.params).toEqual([at.toISOString(), 7]);
    expect(query(eventSupporters({ eventId: 3 })).params).toEqual([at.toISOString(), 3]);
    expect(query(refundedFeeds(['5f8e4f2e-1c1e-4c38-9b9f-7d1f4a2c0d11'])).sql).toContain("f.status = 'failed'");
    expect(query(alertOperators([1, 2])).params).toEqual([at.toISOString(), '{1,2}']);
    const reviews = query(waitingReviews('review:2025-05-01T10'));
    expect(reviews.sql).toContain("'admin' = ANY(u.roles)");
    expect(reviews.sql).toContain('c.posts + c.reports + c.applications + c.cashouts > 0');
  });

  it('writes a chunk of readers after a cursor, answering where the chunk ended even when it wrote nothing', () => {
    const q = dialect.sqlToQuery(fanOutChunk(roomFollowers('PH-0001', 'k'), at, 1_234, 1_000));
    expect(q.sql).toContain('WHERE r.user_id > $4::int ORDER BY r.user_id LIMIT $5::int');
    expect(q.sql).toContain('ON CONFLICT (user_id, dedupe_key) DO NOTHING');
    expect(q.sql).toContain('max(user_id) AS chunk_last, count(*)::int AS chunk_size FROM chunk) s');
    expect(q.sql).toContain('LEFT JOIN written w ON true');
    expect(q.sql.match(/INSERT/g)).toHaveLength(1);
    expect(q.params.slice(3, 5)).toEqual([1_234, 1_000]);
  });

  it('links a live room with its device id encoded', () => {
    expect(liveRoomLink('A B&c')).toBe('/pages/live/live?device_id=A%20B%26c');
  });
});
