import '@testing-library/jest-dom/vitest';
import './src/app/antd-react19';
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';

// findBy… and waitFor wait up to 3 s, not 1 s: with a test file on each core, a dialog's closing animation
// took longer than 1 s (MyPublishPage, CI at 6e4d09c). (react-spring's skipAnimation would end them at once,
// but makes the publish page's image uploader loop forever: tried at 41662cb.)
configure({ asyncUtilTimeout: 3_000 });

/**
 * The `web` project shares one document between test files: a Dialog or Toast that antd-mobile rendered into
 * the body outside testing-library's roots would outlive its test while it animates out, and a later test's
 * `findByRole('dialog')` found two or three (CI at cfc1d55, under load). Their hosts carry the root that
 * `antd-react19.ts` made; they are unmounted and removed at once.
 */
function removeImperativePopups() {
  // First antd-mobile forgets them (Toast keeps its current one in its module, and would update that one,
  // unmounted below, instead of showing the next test's toast).
  Toast.clear();
  Dialog.clear();
  for (const node of [...document.body.children] as (Element & { __phRoot?: { unmount(): void } })[]) {
    if (!node.__phRoot) continue;
    node.__phRoot.unmount();
    delete node.__phRoot;
    node.remove();
  }
}

/**
 * Outside a test's own stub (`stubApi`, `vi.stubGlobal('fetch', …)`), `fetch` never answers. A page a finished
 * test left still fetching after its stub was removed (a refetch, an invalidation) got a network failure, whose
 * toast replaced the one a later test was looking for (CI at b9ca2ac). Never answering keeps it quiet; a test
 * that forgets its stub waits, and fails on what it expected to see.
 */
globalThis.fetch = () => new Promise<Response>(() => {});

// Before each test too: a toast an earlier file's late request showed after its last test ended.
beforeEach(() => {
  removeImperativePopups();
});

afterEach(() => {
  cleanup();
  removeImperativePopups();
  localStorage.clear();
  sessionStorage.clear();
});
