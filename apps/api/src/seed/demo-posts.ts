import { count } from 'drizzle-orm';
import type { Container } from '../container';
import { postComments, postLikes, posts } from '../db/schema';

interface DemoPost {
  author: string;
  deviceId: string;
  content: string;
  /** Hours before the seeding that it was written (published an hour later), or pending review. */
  hoursAgo: number;
  status: 'res' | 'ped';
  likedBy: string[];
  comments: { author: string; content: string }[];
}

const DEMO = 'demo@petheart.local';
const FRIEND = 'friend@petheart.local';

/** A few community posts: published ones (with likes and comments) and one waiting for review. */
export const DEMO_POSTS: DemoPost[] = [
  {
    author: FRIEND,
    deviceId: 'PH-0001',
    content: 'Breakfast by the river! The ginger one always arrives first and waits right under the feeder.',
    hoursAgo: 30,
    status: 'res',
    likedBy: [DEMO],
    comments: [{ author: DEMO, content: 'He is there every morning, such a good boy.' }],
  },
  {
    author: DEMO,
    deviceId: 'PH-0003',
    content: 'Three kittens showed up at Xujiahui today. The volunteers say they are about two months old.',
    hoursAgo: 20,
    status: 'res',
    likedBy: [FRIEND],
    comments: [{ author: FRIEND, content: 'So tiny! Hope they find homes soon.' }],
  },
  {
    author: FRIEND,
    deviceId: 'PH-0007',
    content: 'Yanaka in the rain: everyone is hiding under the roof, but nobody missed dinner.',
    hoursAgo: 8,
    status: 'res',
    likedBy: [DEMO, FRIEND],
    comments: [],
  },
  {
    author: DEMO,
    deviceId: 'PH-0005',
    content: 'The Songjiang feeder is almost empty, thank you to everyone who fed this week!',
    hoursAgo: 3,
    status: 'res',
    likedBy: [],
    comments: [{ author: FRIEND, content: 'Just sent 10 g their way.' }],
  },
  {
    author: DEMO,
    deviceId: 'PH-0008',
    content: 'First visit to the Houtong cat village feeder. Which one is your favourite?',
    hoursAgo: 1,
    status: 'ped',
    likedBy: [],
    comments: [],
  },
];

/**
 * Seeds the demo community (once: nothing happens when any post exists), approved by the demo admin.
 * Needs the demo users and devices.
 */
export async function seedDemoPosts(container: Container): Promise<void> {
  const { db } = container.database;
  const existing = await db.select({ n: count() }).from(posts);
  if ((existing[0]?.n ?? 0) > 0) return;
  const { users } = container.services;
  const ids = new Map<string, number>();
  for (const email of [DEMO, FRIEND, container.config.demoAdmin.email]) {
    const user = await users.byEmail(email);
    if (!user) return;
    ids.set(email, user.id);
  }
  const id = (email: string) => ids.get(email) ?? 0;
  const now = container.clock.now().getTime();
  const at = (hours: number) => new Date(now - hours * 3_600_000);
  await db.transaction(async (tx) => {
    for (const p of DEMO_POSTS) {
      const written = at(p.hoursAgo);
      const published = at(p.hoursAgo - 1);
      const [row] = await tx
        .insert(posts)
        .values({
          userId: id(p.author),
          deviceId: p.deviceId,
          content: p.content,
          status: p.status,
          createdAt: written,
          updatedAt: written,
          ...(p.status === 'res'
            ? { reviewedBy: id(container.config.demoAdmin.email), reviewedAt: published, publishedAt: published }
            : {}),
          likeCount: p.likedBy.length,
          commentCount: p.comments.length,
        })
        .returning({ id: posts.id });
      if (!row) continue;
      if (p.likedBy.length > 0)
        await tx
          .insert(postLikes)
          .values(p.likedBy.map((u) => ({ postId: row.id, userId: id(u), createdAt: published })));
      for (const [i, comment] of p.comments.entries()) {
        await tx.insert(postComments).values({
          postId: row.id,
          userId: id(comment.author),
          content: comment.content,
          createdAt: new Date(published.getTime() + (i + 1) * 600_000),
        });
      }
    }
  });
  container.services.posts.forgetPublished();
}
