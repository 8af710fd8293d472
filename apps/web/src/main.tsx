import './app/zod-config';
import './app/antd-react19';
import './app/styles.css';
import { StrictMode } from 'react';
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
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
  startServiceWorker(window);
}
