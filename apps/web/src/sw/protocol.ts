/**
 * What the page and the service worker (sw.ts) say to each other through postMessage. The page's side is
 * src/app/pwa/; nothing here touches worker or page globals, so both import it.
 */

/** Page → waiting worker: take over now (self.skipWaiting()); the page reloads once it controls. */
export const SKIP_WAITING = 'ph:skip-waiting';

/**
 * Page → a worker, with a MessagePort to answer on: which app version do you carry, and is the page's entry
 * script (its build) the one you precache? A new worker whose build the page already runs (the page came
 * from the network: navigations are network-first) is no news and takes over silently.
 */
export const BUILD_QUERY = 'ph:build';

export interface BuildQuery {
  type: typeof BUILD_QUERY;
  /** The path of the page's entry script (`/assets/index-<hash>.js`). */
  entry: string;
}

export interface BuildAnswer {
  /** The APP_VERSION the worker's build carries (spec §4's stored version). */
  version: string;
  /** True when the worker precaches the page's entry script: the page runs the worker's build. */
  current: boolean;
}

export type WorkerMessage = { type: typeof SKIP_WAITING } | BuildQuery;

export function isWorkerMessage(data: unknown): data is WorkerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, entry } = data as { type?: unknown; entry?: unknown };
  return type === SKIP_WAITING || (type === BUILD_QUERY && typeof entry === 'string');
}

export function isBuildAnswer(data: unknown): data is BuildAnswer {
  if (typeof data !== 'object' || data === null) return false;
  const { version, current } = data as { version?: unknown; current?: unknown };
  return typeof version === 'string' && typeof current === 'boolean';
}
