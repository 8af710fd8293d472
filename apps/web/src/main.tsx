import './app/zod-config';
import './app/antd-react19';
import './app/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { reloadForNewVersion, startServiceWorker } from './app/pwa/start';
import { checkVersion } from './app/startup';

if (
  !checkVersion(localStorage, () => {
    reloadForNewVersion(window);
  })
) {
  const container = document.getElementById('root');
  if (container) {
    const root = createRoot(container);
    // A transition: React renders the first page in slices that let the browser answer in between, not in one
    // long task (Lighthouse's total blocking time on `/`: about 500 ms → 300 ms at 4× CPU, decision 039).
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  }
  startServiceWorker(window);
}
