import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Host = (Element | DocumentFragment) & { __phRoot?: Root };

/**
 * antd-mobile's imperative Toast / Dialog render nothing on React 19 until it gets a createRoot-based
 * renderer (STACK.md). Imported first by main.tsx and by the test setup.
 */
// eslint-disable-next-line @typescript-eslint/no-deprecated -- the documented React 19 bridge (STACK.md)
unstableSetRender((node, container) => {
  const host = container as Host;
  host.__phRoot ??= createRoot(container);
  const root = host.__phRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete host.__phRoot;
  };
});
