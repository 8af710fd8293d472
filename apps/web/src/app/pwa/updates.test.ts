import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_QUERY, SKIP_WAITING, type BuildAnswer } from '../../sw/protocol';
import {
  RECHECK_MS,
  SW_URL,
  registerServiceWorker,
  updateThenReload,
  type UpdateDeps,
  type WorkerContainer,
} from './updates';

/** A fake ServiceWorker: records what the page posts, answers the build query as told (or not at all). */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  posted: unknown[] = [];
  constructor(private readonly answer: BuildAnswer | undefined) {
    super();
  }
  postMessage(message: unknown, transfer?: Transferable[]) {
    this.posted.push(message);
    const port = transfer?.[0] as MessagePort | undefined;
    if ((message as { type?: string }).type === BUILD_QUERY && port && this.answer) port.postMessage(this.answer);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
  get skipped() {
    return this.posted.some((m) => (m as { type?: string }).type === SKIP_WAITING);
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  updates = 0;
  next: FakeWorker | undefined;
  update = vi.fn(async () => {
    this.updates++;
    if (this.next) this.find(this.next);
    return this as unknown as ServiceWorkerRegistration;
  });
  /** The browser found a new worker: it installs, then waits. */
  find(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
  installed(worker: FakeWorker) {
    this.installing = null;
    this.waiting = worker;
    worker.become('installed');
  }
}

/** navigator.serviceWorker: `controller` set when an older worker controls the page. */
class FakeContainer extends EventTarget {
  registered: { url: string; options: RegistrationOptions }[] = [];
  constructor(
    readonly registration: FakeRegistration | undefined,
    public controller: object | null,
  ) {
    super();
  }
  register(url: string, options: RegistrationOptions) {
    this.registered.push({ url, options });
    return Promise.resolve(this.registration as FakeRegistration);
  }
  getRegistration() {
    return Promise.resolve(this.registration);
  }
  /** The waiting worker took over (skipWaiting, clients.claim). */
  takeOver() {
    this.controller = {};
    this.dispatchEvent(new Event('controllerchange'));
  }
}

const ENTRY = '/assets/index-abc.js';

function setup(options: { controlled?: boolean; announce?: boolean } = {}) {
  const registration = new FakeRegistration();
  const container = new FakeContainer(registration, options.controlled === false ? null : {});
  const stored = new Map<string, string>();
  const shown: (() => void)[] = [];
  let clock = 0;
  const deps = {
    container,
    storage: { setItem: (k: string, v: string) => stored.set(k, v) },
    reload: vi.fn(),
    announce: vi.fn(() => Promise.resolve(options.announce ?? true)),
    entry: ENTRY,
    onShown: (cb: () => void) => shown.push(cb),
    now: () => clock,
  };
  // The page reloads only once the new worker controls it: take over as soon as it is asked to.
  const skipTakesOver = (worker: FakeWorker) => {
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (m: unknown, t?: Transferable[]) => {
      post(m, t);
      if ((m as { type?: string }).type === SKIP_WAITING)
        queueMicrotask(() => {
          container.takeOver();
        });
    };
    return worker;
  };
  return {
    registration,
    container,
    stored,
    deps: deps as unknown as UpdateDeps & typeof deps,
    skipTakesOver,
    show: (ms: number) => {
      clock += ms;
      for (const cb of shown) cb();
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('registering the service worker', () => {
  it('registers /sw.js for the whole app, fetched past the HTTP cache', async () => {
    const { container, deps } = setup();
    await registerServiceWorker(deps);
    expect(container.registered).toEqual([{ url: SW_URL, options: { scope: '/', updateViaCache: 'none' } }]);
  });

  it('installs the first worker silently: nothing controlled the page, so it is no update', async () => {
    const { registration, deps } = setup({ controlled: false });
    await registerServiceWorker(deps);
    const worker = new FakeWorker({ version: '1.0.2', current: false });
    registration.find(worker);
    registration.installed(worker);
    await vi.waitFor(() => {
      expect(worker.state).toBe('installed');
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(deps.announce).not.toHaveBeenCalled();
    expect(worker.posted).toEqual([]);
  });
});

describe('a new worker waiting', () => {
  it('whose build the page already runs takes over silently: no announcement, no reload', async () => {
    const { registration, deps } = setup();
    await registerServiceWorker(deps);
    const worker = new FakeWorker({ version: '1.0.2', current: true });
    registration.find(worker);
    registration.installed(worker);
    await vi.waitFor(() => {
      expect(worker.skipped).toBe(true);
    });
    expect(worker.posted[0]).toEqual({ type: BUILD_QUERY, entry: ENTRY });
    expect(deps.announce).not.toHaveBeenCalled();
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('with a newer build is announced; Reload stores its version, lets it take over, then reloads once', async () => {
    const { registration, container, stored, deps, skipTakesOver } = setup();
    await registerServiceWorker(deps);
    const worker = skipTakesOver(new FakeWorker({ version: '1.0.3', current: false }));
    let versionAtReload: string | undefined;
    let controlledAtReload = false;
    deps.reload.mockImplementation(() => {
      versionAtReload = stored.get('version');
      controlledAtReload = container.controller !== null;
    });
    registration.find(worker);
    registration.installed(worker);
    await vi.waitFor(() => {
      expect(deps.reload).toHaveBeenCalledTimes(1);
    });
    expect(deps.announce).toHaveBeenCalledTimes(1);
    expect(worker.skipped).toBe(true);
    // spec §4's version check then finds the version it runs and does not reload a second time
    expect(versionAtReload).toBe('1.0.3');
    expect(controlledAtReload).toBe(true);
  });

  it('left for later keeps waiting: no take-over, no reload, nothing stored', async () => {
    const { registration, stored, deps } = setup({ announce: false });
    await registerServiceWorker(deps);
    const worker = new FakeWorker({ version: '1.0.3', current: false });
    registration.find(worker);
    registration.installed(worker);
    await vi.waitFor(() => {
      expect(deps.announce).toHaveBeenCalledTimes(1);
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(worker.skipped).toBe(false);
    expect(deps.reload).not.toHaveBeenCalled();
    expect(stored.size).toBe(0);
  });

  it('found already waiting at start (left for later last time) is announced again', async () => {
    const { registration, deps } = setup({ announce: false });
    registration.waiting = new FakeWorker({ version: '1.0.3', current: false });
    registration.waiting.state = 'installed';
    await registerServiceWorker(deps);
    await vi.waitFor(() => {
      expect(deps.announce).toHaveBeenCalledTimes(1);
    });
  });

  it('that does not answer the build question is announced, and reloads without storing a version', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { registration, stored, deps, skipTakesOver } = setup();
    await registerServiceWorker(deps);
    const worker = skipTakesOver(new FakeWorker(undefined));
    registration.find(worker);
    registration.installed(worker);
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => {
      expect(deps.reload).toHaveBeenCalledTimes(1);
    });
    expect(deps.announce).toHaveBeenCalledTimes(1);
    expect(stored.size).toBe(0);
  });

  it('reloads even when the new worker never takes over (bounded wait)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { registration, deps } = setup();
    await registerServiceWorker(deps);
    const worker = new FakeWorker({ version: '1.0.3', current: false });
    registration.find(worker);
    registration.installed(worker);
    await vi.waitFor(() => {
      expect(worker.skipped).toBe(true);
    });
    expect(deps.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });
});

describe('an app left open', () => {
  it('looks for a new worker when shown again, at most once per half hour', async () => {
    const { registration, deps, show } = setup();
    await registerServiceWorker(deps);
    show(60_000);
    expect(registration.update).not.toHaveBeenCalled();
    show(RECHECK_MS);
    expect(registration.update).toHaveBeenCalledTimes(1);
    show(60_000);
    expect(registration.update).toHaveBeenCalledTimes(1);
  });
});

describe("spec §4's reload for a new version", () => {
  it('first updates the worker and lets the new one take over, so the reload runs under it', async () => {
    const { registration, container, deps, skipTakesOver } = setup();
    const worker = skipTakesOver(new FakeWorker({ version: '1.0.3', current: true }));
    registration.next = worker;
    let controlledAtReload = false;
    deps.reload.mockImplementation(() => {
      controlledAtReload = container.controller !== null && worker.skipped;
    });
    const done = updateThenReload(deps);
    await vi.waitFor(() => {
      expect(registration.installing).toBe(worker);
    });
    registration.installed(worker);
    await done;
    expect(registration.update).toHaveBeenCalledTimes(1);
    expect(deps.reload).toHaveBeenCalledTimes(1);
    expect(controlledAtReload).toBe(true);
  });

  it('reloads at once when there is no worker, or no newer one', async () => {
    const none = setup();
    const noWorker = { ...none.deps, container: new FakeContainer(undefined, null) as unknown as WorkerContainer };
    await updateThenReload(noWorker);
    expect(none.deps.reload).toHaveBeenCalledTimes(1);

    const same = setup();
    await updateThenReload(same.deps);
    expect(same.registration.update).toHaveBeenCalledTimes(1);
    expect(same.deps.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads even when the update check fails', async () => {
    const { registration, deps } = setup();
    registration.update.mockRejectedValueOnce(new Error('offline'));
    await updateThenReload(deps);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });
});
