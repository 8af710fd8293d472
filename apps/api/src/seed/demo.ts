import type { Role } from '@petheart/contracts';
import type { Container } from '../container';
import { seedDemoContent } from './demo-content';
import { seedDemoDevices } from './demo-devices';
import { seedDemoPosts } from './demo-posts';
import { seedDemoRevenue } from './demo-revenue';
import { seedDemoSupport } from './demo-support';

export const DEMO_USERS = [
  { email: 'demo@petheart.local', password: 'petheart-demo', nickname: 'Demo', roles: ['user'] as Role[] },
  { email: 'friend@petheart.local', password: 'petheart-demo', nickname: 'Friend', roles: ['user'] as Role[] },
];

/** Seeds the demo admin and demo users on first run (idempotent: running it again changes nothing). */
export async function seedDemo(container: Container): Promise<void> {
  const { users } = container.services;
  const wanted = [
    { ...container.config.demoAdmin, nickname: 'Admin', roles: ['user', 'admin'] as Role[] },
    ...DEMO_USERS,
  ];
  for (const { email, ...account } of wanted) {
    if (await users.byEmail(email)) continue;
    try {
      await users.createWithEmail(email, account);
    } catch (error) {
      // Another process seeding at the same moment created it first: nothing to do.
      if (!(await users.byEmail(email))) throw error;
    }
  }
  await seedDemoDevices(container);
  if (container.config.seedDemoContent) await seedDemoContent(container);
  // The demo community (a few published posts, one pending review), with the demo content (not in tests).
  if (container.config.seedDemoContent) await seedDemoPosts(container);
  // The demo operator's revenue and a paid cash-out (decision 015), with the demo content (not in tests).
  if (container.config.seedDemoContent) await seedDemoRevenue(container);
  // The demo shelter with a live support event (decision 016), with the demo content (not in tests).
  if (container.config.seedDemoContent) await seedDemoSupport(container);
}
