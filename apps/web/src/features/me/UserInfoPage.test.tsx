import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@petheart/contracts';
import { MESSAGES, codeEndpoints, userEndpoints } from '@petheart/contracts';
import { demoUser, apiCallOf, renderApp, stubApi } from '../../test-support/app';

const SLOW = { timeout: 10_000 };
const USER: UserInfo = demoUser();

/** antd-mobile's popup animates in (pointer-events: none meanwhile, which jsdom never finishes). */
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

/** After stubApi: `endpoint` answers this failure envelope instead. */
function refuse(endpoint: unknown, status: number, error: string, msg: string) {
  const answer = vi.mocked(fetch).getMockImplementation();
  if (!answer) throw new Error('stub the API first');
  vi.mocked(fetch).mockImplementation((input, init) =>
    apiCallOf(input, init).endpoint === endpoint
      ? Promise.resolve(new Response(JSON.stringify({ code: 0, msg, time: 1, data: { error } }), { status }))
      : answer(input, init),
  );
}

async function openMobile() {
  const row = await screen.findByText('Mobile number', {}, SLOW);
  await user().click(row);
  return screen.findByRole('form', { name: 'Set mobile number' });
}

describe('user information: the mobile number (issue 29 §5)', () => {
  beforeAll(() => {
    // antd-mobile's inputs capture the pointer; jsdom has no pointer capture.
    if (!('setPointerCapture' in Element.prototype)) {
      Object.assign(Element.prototype, { setPointerCapture() {}, releasePointerCapture() {} });
    }
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a code to the number, then saves it with the code', async () => {
    const calls = stubApi((c) => {
      if (c.endpoint === userEndpoints.index) return { userinfo: USER };
      if (c.endpoint === codeEndpoints.smsSend) return {};
      if (c.endpoint === userEndpoints.changemobile) return { userinfo: { ...USER, mobile: c.body.mobile } };
      return undefined;
    });
    renderApp('/pages/mine/userinfo', { token: 'tok' });
    expect(await screen.findByTestId('userinfo-mobile', {}, SLOW)).toHaveTextContent('Not set');
    const form = await openMobile();
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user().type(within(form).getByLabelText('Mobile number'), '13912345678');
    await user().click(within(form).getByRole('button', { name: 'Send code' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === codeEndpoints.smsSend)?.body).toEqual({
        mobile: '13912345678',
        event: 'changemobile',
      });
    });
    expect(await within(form).findByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
    await user().type(within(form).getByLabelText('Auth code'), '123456');
    await user().click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === userEndpoints.changemobile)?.body).toEqual({
        mobile: '13912345678',
        captcha: '123456',
      });
    });
    await waitFor(() => {
      expect(screen.getByTestId('userinfo-mobile')).toHaveTextContent('13912345678');
    });
  });

  it('checks the number and the code before sending, with the contract’s messages', async () => {
    const calls = stubApi((c) => (c.endpoint === userEndpoints.index ? { userinfo: USER } : {}));
    renderApp('/pages/mine/userinfo', { token: 'tok', locale: 'ja' });
    await user().click(await screen.findByText('携帯電話番号', {}, SLOW));
    const form = await screen.findByRole('form', { name: '携帯電話番号を設定' });
    await user().type(within(form).getByLabelText('携帯電話番号'), 'call me');
    await user().click(within(form).getByRole('button', { name: 'コードを送信' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(MESSAGES['v.mobileFormat'].ja);
    expect(calls.some((c) => c.endpoint === codeEndpoints.smsSend)).toBe(false);
  });

  it('keeps the form when the number is taken, saying so in the user’s language', async () => {
    const calls = stubApi((c) => (c.endpoint === userEndpoints.index ? { userinfo: USER } : {}));
    refuse(codeEndpoints.smsSend, 409, 'mobile_exists', MESSAGES['error.mobile_exists'].en);
    renderApp('/pages/mine/userinfo', { token: 'tok' });
    const form = await openMobile();
    await user().type(within(form).getByLabelText('Mobile number'), '13900000000');
    await user().click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(MESSAGES['error.mobile_exists'].en)).toBeInTheDocument();
    // Nothing was sent, so there is no code to enter.
    expect(within(form).getByLabelText('Auth code')).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Send code' })).toBeEnabled();
    expect(calls.some((c) => c.endpoint === userEndpoints.changemobile)).toBe(false);
  });
});
