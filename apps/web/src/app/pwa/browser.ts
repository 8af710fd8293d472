import { localeOf, readPreference } from '../../shared/i18n/preference';
import { announceUpdate } from './announce';
import { registerServiceWorker, updateThenReload as update, type UpdateDeps, type WorkerContainer } from './updates';

/** The path of the page's entry script (index.html's module script): which build the page runs. */
function entryPath(doc: Document): string | undefined {
  const src = doc.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
  return src ? new URL(src).pathname : undefined;
}

/** The update flow's dependencies in a browser window. */
function browserDeps(win: Window): UpdateDeps {
  const container = win.navigator.serviceWorker as unknown as WorkerContainer;
  return {
    container,
    storage: win.localStorage,
    reload: () => {
      win.location.reload();
    },
    announce: () => announceUpdate(localeOf(readPreference(win.localStorage), win.navigator)),
    entry: entryPath(win.document),
    onShown: (callback) => {
      win.document.addEventListener('visibilitychange', () => {
        if (win.document.visibilityState === 'visible') callback();
      });
    },
  };
}

export function start(win: Window): Promise<unknown> {
  return registerServiceWorker(browserDeps(win));
}

export function updateThenReload(win: Window): Promise<void> {
  return update(browserDeps(win));
}
