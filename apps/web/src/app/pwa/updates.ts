import { VERSION_KEY } from '../../shared/session';
import { BUILD_QUERY, SKIP_WAITING, isBuildAnswer, type BuildAnswer, type BuildQuery } from '../../sw/protocol';

/**
 * The page's side of the service worker (decision 038): registration, and the update flow that agrees with
 * spec §4's version check (startup.ts). Loaded on demand (start.ts), so the initial route carries none of it.
 *
 * A new worker waiting while an older one controls the page is a new build. If the page already runs that build
 * (navigations are network-first, so it often does), the worker takes over silently. Otherwise the user is told
 * a new version is ready; on Reload the worker's app version is stored (so the version check finds it and does
 * not reload a second time), the worker takes over, and the page reloads under it.
 */

export const SW_URL = '/sw.js';
/** How long the page waits for a worker's answer, its taking over, or an update check, before it goes on. */
export const ANSWER_MS = 1500;
export const TAKE_OVER_MS = 3000;
export const UPDATE_CHECK_MS = 4000;
/** A page left open (an installed app lives for days) checks for a new worker when shown, at most this often. */
export const RECHECK_MS = 30 * 60 * 1000;

type Worker = Pick<ServiceWorker, 'state' | 'postMessage' | 'addEventListener' | 'removeEventListener'>;
type Registration = Pick<ServiceWorkerRegistration, 'addEventListener' | 'update'> & {
  readonly installing: Worker | null;
  readonly waiting: Worker | null;
};
export type WorkerContainer = Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'> & {
  readonly controller: unknown;
  register(url: string, options: RegistrationOptions): Promise<Registration>;
  getRegistration(): Promise<Registration | undefined>;
};

export interface UpdateDeps {
  container: WorkerContainer;
  storage: Pick<Storage, 'setItem'>;
  reload: () => void;
  /** Tells the user a new version is ready; true when they chose to load it now. */
  announce: () => Promise<boolean>;
  /** The path of the page's entry script (its build), if known. */
  entry: string | undefined;
  /** Calls back each time the page is shown again (an installed app brought back to the front). */
  onShown?: (callback: () => void) => void;
  now?: () => number;
}

/** The promise's value, or undefined when it fails or `ms` passes first (no limit without `ms`). */
function settled<T>(promise: Promise<T>, ms?: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer =
      ms === undefined
        ? undefined
        : setTimeout(() => {
            resolve(undefined);
          }, ms);
    promise
      .then(resolve, () => {
        resolve(undefined);
      })
      .finally(() => {
        clearTimeout(timer);
      });
  });
}

/** Asks a worker for its build (protocol.ts); undefined when it does not answer in time. */
export function askBuild(worker: Worker, entry: string): Promise<BuildAnswer | undefined> {
  const channel = new MessageChannel();
  const answer = new Promise<BuildAnswer>((resolve, reject) => {
    channel.port1.onmessage = (event: MessageEvent) => {
      if (isBuildAnswer(event.data)) resolve(event.data);
      else reject(new Error('not a build answer'));
    };
  });
  const query: BuildQuery = { type: BUILD_QUERY, entry };
  worker.postMessage(query, [channel.port2]);
  return settled(answer, ANSWER_MS).finally(() => {
    channel.port1.close();
  });
}

/** Resolves once a new worker controls the page (or after `ms`). */
function controllerChange(container: WorkerContainer, ms: number): Promise<unknown> {
  let done: () => void = () => undefined;
  const changed = new Promise<void>((resolve) => {
    done = resolve;
  });
  container.addEventListener('controllerchange', done);
  return settled(changed, ms).finally(() => {
    container.removeEventListener('controllerchange', done);
  });
}

/** Lets a waiting worker take over, waits until it controls the page (bounded), then reloads. */
async function takeOverAndReload(worker: Worker, deps: UpdateDeps): Promise<void> {
  const changed = controllerChange(deps.container, TAKE_OVER_MS);
  worker.postMessage({ type: SKIP_WAITING });
  await changed;
  deps.reload();
}

/** A worker installed and waiting: silent take-over if the page runs its build, else announced. */
export async function offerUpdate(worker: Worker, deps: UpdateDeps): Promise<void> {
  const build = deps.entry === undefined ? undefined : await askBuild(worker, deps.entry);
  if (build?.current) {
    worker.postMessage({ type: SKIP_WAITING });
    return;
  }
  // "Later": the worker keeps waiting; the next start (or the next update found) offers it again.
  if (!(await deps.announce())) return;
  if (build) deps.storage.setItem(VERSION_KEY, build.version);
  await takeOverAndReload(worker, deps);
}

/** Resolves with the worker once it has installed (it then waits), or undefined if it fails or `ms` passes. */
function installed(worker: Worker | null, ms?: number): Promise<Worker | undefined> {
  if (!worker) return Promise.resolve(undefined);
  if (worker.state === 'installed') return Promise.resolve(worker);
  let listener: () => void = () => undefined;
  const done = new Promise<Worker>((resolve, reject) => {
    listener = () => {
      if (worker.state === 'installed') resolve(worker);
      else if (worker.state === 'redundant') reject(new Error('the new worker failed to install'));
    };
    worker.addEventListener('statechange', listener);
  });
  return settled(done, ms).finally(() => {
    worker.removeEventListener('statechange', listener);
  });
}

/**
 * Registers /sw.js and offers each new worker that waits while an older one controls the page (the first
 * worker installs silently: nothing was there to update).
 */
export async function registerServiceWorker(deps: UpdateDeps): Promise<Registration> {
  const { container } = deps;
  const registration = await container.register(SW_URL, { scope: '/', updateViaCache: 'none' });
  const offered = new WeakSet<Worker>();
  const offer = (worker: Worker | null) => {
    if (!worker || offered.has(worker) || !container.controller) return;
    offered.add(worker);
    void offerUpdate(worker, deps);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    void installed(registration.installing).then((worker) => {
      offer(worker ?? null);
    });
  });
  const now = deps.now ?? Date.now;
  let checked = now();
  deps.onShown?.(() => {
    if (now() - checked < RECHECK_MS) return;
    checked = now();
    void registration.update().catch(() => undefined);
  });
  return registration;
}

/**
 * Spec §4's reload when the stored version differs, made to agree with the worker: first ask for the newest
 * worker and let it take over, so the reload runs under it (and it does not announce a version the page already
 * has). Bounded in time: the page reloads whatever happens.
 */
export async function updateThenReload(deps: Pick<UpdateDeps, 'container' | 'reload'>): Promise<void> {
  try {
    const registration = await settled(deps.container.getRegistration(), UPDATE_CHECK_MS);
    if (!registration) return;
    await settled(registration.update(), UPDATE_CHECK_MS);
    const worker = registration.waiting ?? (await installed(registration.installing, UPDATE_CHECK_MS));
    if (!worker) return;
    const changed = controllerChange(deps.container, TAKE_OVER_MS);
    worker.postMessage({ type: SKIP_WAITING });
    await changed;
  } finally {
    deps.reload();
  }
}
