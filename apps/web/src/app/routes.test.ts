import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE, ROUTES, hasPage } from './routes';

describe('the route table', () => {
  it('has a page module for every route (no placeholder renders instead)', () => {
    const missing = [...ROUTES.map((r) => r.page), ADMIN_PAGE].filter((page) => !hasPage(page));
    expect(missing).toEqual([]);
    expect(hasPage('home/NoSuchPage')).toBe(false);
  });

  it('loads a page that is missing as an error, for the route’s error page', async () => {
    const { loadPage } = await import('./routes');
    await expect(loadPage('home/NoSuchPage')()).rejects.toThrow('page module missing: home/NoSuchPage');
  });
});
