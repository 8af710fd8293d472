import { count } from 'drizzle-orm';
import type { Container } from '../container';
import { supportApplications } from '../db/schema';

/**
 * The demo shelter (decision 016): an application by the demo friend, approved by the demo admin, with a live
 * support event of two items, so the Events tab has something to show. Once: nothing happens when any
 * application exists. Needs the demo users.
 */
export async function seedDemoSupport(container: Container): Promise<void> {
  const { db } = container.database;
  const existing = await db.select({ n: count() }).from(supportApplications);
  if ((existing[0]?.n ?? 0) > 0) return;
  const { users, supportApplications: applications, supportEvents: events } = container.services;
  const friend = await users.byEmail('friend@petheart.local');
  const admin = await users.byEmail(container.config.demoAdmin.email);
  if (!friend || !admin) return;
  const applied = await applications.apply(
    friend.id,
    {
      animal_nums: 42,
      applicant: 'Lin Xiao',
      mobile: '13800138000',
      wechat_number: 'jingan_cats',
      application_type_id: 1,
      address: 'Yuyuan Road, Jing’an District, Shanghai',
      name: 'Jing’an Stray Cat Rescue',
      latitude: 31.2235,
      longitude: 121.4412,
      description: 'We look after 42 rescued cats and need food and vaccines for the winter.',
    },
    'en',
  );
  await applications.review(admin.id, { id: applied.id, status: 1, reason: '' }, 'en');
  await events.create(
    admin.id,
    {
      application_id: applied.id,
      title: 'Winter food and vaccines for 42 rescued cats',
      description:
        'The Jing’an Stray Cat Rescue shelters 42 cats rescued from the streets. This winter they need dry food ' +
        'and a round of vaccines. Every point you give buys what its gift says, delivered to the shelter.',
      cover: '',
      items: [
        { title: 'Dry cat food', price: 30, gift: 'One 1 kg bag of dry food', target: 120 },
        { title: 'Vaccination', price: 80, gift: 'One vaccine shot for a rescued cat', target: 42 },
      ],
      translations: {},
    },
    'en',
  );
}
