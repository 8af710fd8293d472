import { z } from 'zod';
import { StringSchema } from './fields';
import { LocaleSchema } from './locales';

/**
 * What a page needs before it can show, per route of the web app: written by the web build
 * (`dist/route-hints.json`, apps/web/build/route-hints.ts) and read by the API, which names these files in the
 * page it sends (`<link rel="modulepreload">`, decision 040). Without them the browser learns of a page's code
 * only once the app's main script has downloaded and run: one round trip, and more, later.
 */
export const ROUTE_HINTS_FILE = 'route-hints.json';

/** A built file's address: written into the page as it is, so nothing but a plain asset name is taken. */
const AssetPath = StringSchema.regex(/^\/assets\/[\w.-]+\.(?:js|css)$/u);

export const RouteHintSchema = z.object({
  /** The page's script and the scripts it imports (not those the page names anyway: the app's entry). */
  js: z.array(AssetPath),
  /** Their styles. */
  css: z.array(AssetPath),
  /** Per language: the strings the page shows (its namespace, the shared ones and antd-mobile's). */
  strings: z.record(LocaleSchema, z.array(AssetPath)),
});
export type RouteHint = z.infer<typeof RouteHintSchema>;

export const RouteHintsSchema = z.object({
  version: z.literal(1),
  /** By the route's exact path (`/pages/mine/mine`); a path prefix (the console's `/admin`) ends in `/*`. */
  routes: z.record(StringSchema.startsWith('/'), RouteHintSchema),
});
export type RouteHints = z.infer<typeof RouteHintsSchema>;
