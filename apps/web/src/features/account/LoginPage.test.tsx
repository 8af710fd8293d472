import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@petheart/contracts';
import { codeEndpoints } from '@petheart/contracts';
import { CONFIG, renderApp, stubApi } from '../../test-support/app';

const GOOGLE = { google: true, facebook: false };

/** The API with the given sign-in providers; the email and SMS codes send. */
const stubLogin = (oauth = GOOGLE) =>
  stubApi(
    ({ endpoint }) => (endpoint === codeEndpoints.emsSend || endpoint === codeEndpoints.smsSend ? {} : undefined),
    { ...CONFIG, oauth },
  );

const renderLogin = (locale: Locale, path = '/pages/public/login') => renderApp(path, { locale });

describe('LoginPage', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers Google sign-in in English when the server has it, and not Facebook', async () => {
    stubLogin();
    renderLogin('en', '/pages/public/login?redirect=%2Fpages%2Fmoney%2Fmoney');
    expect(await screen.findByRole('button', { name: /Continue with Google/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Facebook/ })).not.toBeInTheDocument();
  });

  it('shows no third-party sign-in outside English', async () => {
    stubLogin();
    renderLogin('ja');
    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeInTheDocument();
    await waitFor(() => {
      expect(vi.mocked(fetch)).toHaveBeenCalled();
    });
    expect(screen.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument();
  });

  it('shows the specification prompts when submitted empty', async () => {
    stubLogin({ google: false, facebook: false });
    renderLogin('en');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your login account')).toBeInTheDocument();
    expect(screen.getByText('Please enter the password')).toBeInTheDocument();
    expect(screen.getByText('Please check the relevant agreements first')).toBeInTheDocument();
  });

  it('sends the login code to the phone in Simplified Chinese and counts down', async () => {
    const calls = stubLogin();
    renderLogin('zh-CN');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: '验证码登录' }));
    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: /\d+秒后重发/ })).toBeDisabled();
    expect(calls.filter((c) => c.endpoint === codeEndpoints.smsSend).map((c) => c.body)).toContainEqual({
      mobile: '13800138000',
      event: 'mobilelogin',
    });
  });
});
