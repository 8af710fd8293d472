import { expect } from '@playwright/test';
import { mailCount, waitForCode } from './fixtures';

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** Calls the API directly (for test set-up), as the web app would. */
export async function callApi(baseURL: string, path: string, data: unknown, token?: string): Promise<Envelope> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { token } : {}) },
    body: JSON.stringify(data),
  });
  return (await res.json()) as Envelope;
}

/** Registers a user through the API with the auth code from the real mail. */
export async function registerByApi(baseURL: string, email: string, password: string): Promise<void> {
  const before = await mailCount(email);
  const sent = await callApi(baseURL, '/ems/send', { email, event: 'register' });
  expect(sent.code, sent.msg).toBe(1);
  const code = await waitForCode(email, before);
  const registered = await callApi(baseURL, '/user/register', { email, password, code });
  expect(registered.code, registered.msg).toBe(1);
}
