import '@testing-library/jest-dom/vitest';
import './src/app/antd-react19';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor wait up to 3 s, not 1 s: with a test file on each core, a dialog's closing animation
// took longer than 1 s (MyPublishPage, CI at 6e4d09c). Within the 5 s a test may take.
configure({ asyncUtilTimeout: 3_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
