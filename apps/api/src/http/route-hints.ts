import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  GIVEN_ANSWERS_ID,
  ROUTE_HINTS_FILE,
  RouteHintsSchema,
  type Locale,
  type RouteHint,
  type RouteHints,
} from '@petheart/contracts';

/**
 * The page the server sends names the files its route needs (decision 040): `<link rel="modulepreload">` for the
 * page's scripts and its strings in the reader's language, `<link rel="preload" as="style">` for its styles. The
 * browser fetches them beside the app's main script instead of after it has run. The web build lists them
 * (dist/route-hints.json); a build without the list, or with one that does not parse, is served without hints.
 */

export type HintsLog = { warn: (obj: object, msg: string) => void };

/** Reads and checks the build's list; undefined when there is none or it is not valid. */
export async function readRouteHints(webDist: string, log: HintsLog): Promise<RouteHints | undefined> {
  const file = path.join(webDist, ROUTE_HINTS_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    log.warn({ file }, 'no route hints in the web build: pages load without them (rebuild the web app)');
    return undefined;
  }
  try {
    return RouteHintsSchema.parse(JSON.parse(text));
  } catch (error) {
    log.warn({ file, err: error }, 'route hints not valid: pages load without them');
    return undefined;
  }
}

/** The hint of a route: by its exact path, else a prefix route (`/admin/*`) that covers it. */
export function routeHintOf(hints: RouteHints, pathname: string): { key: string; hint: RouteHint } | undefined {
  const exact = hints.routes[pathname];
  if (exact) return { key: pathname, hint: exact };
  for (const [key, hint] of Object.entries(hints.routes)) {
    if (!key.endsWith('/*')) continue;
    const prefix = key.slice(0, -2);
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return { key, hint };
  }
  return undefined;
}

/** The tags for a route's files in `locale` (its addresses are plain asset names: the schema takes no other). */
export function hintTags(hint: RouteHint, locale: Locale): string {
  // `crossorigin`: the app's own module loads and its style links are CORS requests, which must match to reuse.
  const scripts = [...hint.js, ...hint.strings[locale]].map(
    (href) => `<link rel="modulepreload" crossorigin href="${href}">`,
  );
  const styles = hint.css.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`);
  return [...scripts, ...styles].join('');
}

/** `html` with the tags at the end of its head. */
export function withHints(html: string, tags: string): string {
  const at = html.indexOf('</head>');
  return at === -1 ? html : `${html.slice(0, at)}${tags}${html.slice(at)}`;
}

/** A request path without its query, decoded (`/pages/public/Q%26A` is the route `/pages/public/Q&A`). */
export function pathOfUrl(url: string): string {
  const raw = url.split(/[?#]/u)[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The pictures a route's page shows first and largest (its largest contentful paint: the index page's first
 * banner), which the page names too, at high priority: the browser fetches it beside the scripts rather than
 * after the page has rendered and asked for its data. Addresses come from operators' content, so only same-site
 * paths and http(s) addresses are named, escaped.
 */
export type PagePictures = (pathname: string, locale: Locale) => Promise<string[]>;

const escapeAttribute = (s: string) =>
  s.replace(/&/gu, '&amp;').replace(/"/gu, '&quot;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');

export function pictureTags(urls: readonly string[]): string {
  return urls
    .filter((url) => /^(?:\/(?!\/)|https?:\/\/)/u.test(url))
    .map((url) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(url)}">`)
    .join('');
}

/** The calls a route's page makes at once (public, without input), whose first answers go with the page. */
export type FirstCalls = (pathname: string) => readonly { method: 'GET' | 'POST'; url: string }[];

/**
 * The answers as a JSON data block (not run: the CSP allows it), keyed `METHOD path`, in `lang`. `<` is written
 * as \u003c, so no text in them can end the block.
 */
export function answersTag(lang: Locale, answers: Record<string, unknown>): string {
  if (Object.keys(answers).length === 0) return '';
  const json = JSON.stringify({ lang, answers }).replace(/</gu, '\\u003c');
  return `<script type="application/json" id="${GIVEN_ANSWERS_ID}">${json}</script>`;
}
