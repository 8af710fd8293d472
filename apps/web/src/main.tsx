import './app/zod-config';
import './app/antd-react19';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { checkVersion } from './app/startup';

if (
  !checkVersion(localStorage, () => {
    window.location.reload();
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
}
