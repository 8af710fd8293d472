import type { ComponentType } from 'react';
import type { i18n as I18n } from 'i18next';
import { localeOf, readPreference } from '../shared/i18n';
import { featureNamespaceLoaders } from './i18n';
import { pageFile } from './route-table';

export { ADMIN_PAGE, ADMIN_PATH, ROUTES, isAdminPath, type RouteDef, type RouteHandle } from './route-table';

type PageModule = { default: ComponentType };
const modules = import.meta.glob<PageModule>(['../features/*/*Page.tsx', '../console/AdminApp.tsx']);

/** A page's module key in `modules`. */
const moduleOf = (page: string) => `../${pageFile(page)}`;

const namespaces = featureNamespaceLoaders();

/** Whether the page module exists (routes.test.ts checks every route's). */
export function hasPage(page: string): boolean {
  return moduleOf(page) in modules;
}

/**
 * Lazily loads a page module. The page's strings (its feature folder's namespace in the language shown) start
 * downloading beside its chunk rather than after it: one round trip less before the page shows. Given the app's
 * i18next instance, the route resolves only once they are in it too, so the page renders at once instead of
 * suspending on them: a fallback shown for a moment would hold the page back (React keeps content that a
 * shown fallback gives way to for up to 300 ms, to reveal it with whatever else arrives in that time).
 */
export function loadPage(page: string, i18n?: I18n): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const load = modules[moduleOf(page)];
    if (!load) throw new Error(`page module missing: ${page}`);
    const namespace = page.split('/')[0] ?? '';
    // A namespace that fails to load is left to the page's useTranslation (which suspends and retries).
    const strings = i18n
      ? i18n.loadNamespaces(namespace).catch(() => undefined)
      : namespaces[namespace]?.(localeOf(readPreference(localStorage), navigator)).catch(() => undefined);
    const [mod] = await Promise.all([load(), strings]);
    return { Component: mod.default };
  };
}
