import { describe, expect, it } from 'vitest';
import { createI18n, type Strings } from '../shared/i18n';
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

  it('resolves a route once its page’s strings are in i18next, so the page renders without suspending', async () => {
    const { loadPage } = await import('./routes');
    let release: (s: Strings) => void = () => undefined;
    const strings = new Promise<Strings>((resolve) => (release = resolve));
    const i18n = createI18n('en', {}, { me: () => strings });
    let resolved = false;
    const route = loadPage('me/SettingsPage', i18n)().then((r) => {
      resolved = true;
      return r;
    });
    // The page's module loads (a real import) while its strings are still on their way.
    await import('../features/me/SettingsPage');
    await new Promise((r) => setTimeout(r, 20));
    expect(resolved).toBe(false);
    release({ settings: { title: 'Settings' } });
    const { Component } = await route;
    expect(Component).toBeTypeOf('function');
    expect(i18n.hasLoadedNamespace('me')).toBe(true);
    expect(i18n.t('me:settings.title')).toBe('Settings');
  });

  it('still resolves when the strings fail to load (the page’s own useTranslation tries again)', async () => {
    const { loadPage } = await import('./routes');
    const i18n = createI18n('en', {}, { me: () => Promise.reject(new Error('offline')) });
    await expect(loadPage('me/SettingsPage', i18n)()).resolves.toHaveProperty('Component');
  });
});
