import '@testing-library/jest-dom/vitest';
import './src/app/antd-react19';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
