import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleSupportApplication, ConsoleSupportEvent } from '@petheart/contracts';
import { supportConsoleEndpoints } from '@petheart/contracts';
import { renderApp, type ApiCall } from '../../test-support/app';
import { SLOW, stubConsole, stubPointerCapture } from '../shared/console-test-support';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const APP: ConsoleSupportApplication = {
  id: 2,
  animal_nums: 42,
  applicant: 'Li Wei',
  mobile: '13912345678',
  wechat_number: 'liwei_rescue',
  application_type_id: 1,
  application_type: 'Food',
  address: '88 Zhongshan East 1st Rd, Huangpu, Shanghai',
  name: 'Huangpu Cat Haven',
  latitude: 31.2337,
  longitude: 121.4903,
  description: 'We feed 42 street cats <b>along the Bund</b>.',
  status: 0,
  reason: '',
  created_at: 1_763_700_000,
  reviewed_at: null,
  event_ids: [],
  user: { id: 3, nickname: 'Friend', email: 'friend@petheart.local' },
  reviewed_by: null,
};
const APPROVED: ConsoleSupportApplication = {
  ...APP,
  status: 1,
  reviewed_at: 1_763_700_100,
  reviewed_by: { id: 1, nickname: 'Admin', email: 'admin@petheart.local' },
};

const EVENT: ConsoleSupportEvent = {
  id: 7,
  title: 'Winter food for the Bund cats',
  cover: '',
  status: 'live',
  station: {
    id: 2,
    name: 'Huangpu Cat Haven',
    address: APP.address,
    latitude: 31.2,
    longitude: 121.4,
    animal_nums: 42,
  },
  completed: 12,
  target: 100,
  supporters: 3,
  item_count: 1,
  created_at: 1_763_700_200,
  description: 'Dry food for the winter.',
  items: [
    { id: 31, title: 'Dry food', price: 30, gift: '1 kg of cat food', completed: 12, target: 100, supporters: 3 },
  ],
  application_id: 2,
  created_by: { id: 1, nickname: 'Admin', email: 'admin@petheart.local' },
  coins: 360,
  help_pay_amount: 600,
  updated_at: 1_763_700_200,
  text_lang: 'en',
  translations: {},
};

beforeAll(stubPointerCapture);

function stub(app: ConsoleSupportApplication, extra: (call: ApiCall) => unknown = () => undefined) {
  return stubConsole((call) => {
    if (call.endpoint === supportConsoleEndpoints.applications) return { list: [app], total: 1, page: 1, limit: 10 };
    if (call.endpoint === supportConsoleEndpoints.events)
      return { list: [{ ...EVENT, application_id: 2 }], total: 1, page: 1, limit: 10 };
    if (call.endpoint === supportConsoleEndpoints.event) return EVENT;
    return extra(call);
  });
}

async function openReview() {
  const row = await screen.findByTestId('application-row-2', {}, SLOW);
  await user.click(within(row).getByRole('button'));
  return screen.findByTestId('application-review');
}

describe('the console support applications and events', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens on the pending applications and shows one whole, its text as text', async () => {
    const calls = stub(APP);
    renderApp('/admin/support-applications', { token: 'admin-token' });
    const row = await screen.findByTestId('application-row-2', {}, SLOW);
    expect(calls.find((c) => c.endpoint === supportConsoleEndpoints.applications)?.body).toEqual({
      page: 1,
      limit: 10,
      status: 0,
    });
    expect(row).toHaveTextContent('Huangpu Cat Haven');
    expect(row).toHaveTextContent('Pending');
    const review = await openReview();
    expect(review).toHaveTextContent('liwei_rescue');
    expect(review).toHaveTextContent('31.23370, 121.49030');
    expect(review).toHaveTextContent('We feed 42 street cats <b>along the Bund</b>.');
    expect(review.querySelector('b')).toBeNull();
  });

  it('rejects only with a reason, which is sent for the applicant', async () => {
    const calls = stub(APP, (call) =>
      call.endpoint === supportConsoleEndpoints.review ? { ...APP, status: 2, reason: call.body.reason } : undefined,
    );
    renderApp('/admin/support-applications', { token: 'admin-token' });
    const review = await openReview();
    const form = within(review).getByRole('form', { name: 'Reject with a reason' });
    await user.click(within(form).getByRole('button', { name: 'Reject' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please enter the reason for rejection');
    expect(calls.some((c) => c.endpoint === supportConsoleEndpoints.review)).toBe(false);
    await user.type(within(form).getByLabelText('Reason'), 'Please add photos of the shelter');
    await user.click(within(form).getByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === supportConsoleEndpoints.review)?.body).toEqual({
        id: 2,
        status: 2,
        reason: 'Please add photos of the shelter',
      });
    });
  });

  it('approves after confirming', async () => {
    const calls = stub(APP, (call) => (call.endpoint === supportConsoleEndpoints.review ? APPROVED : undefined));
    renderApp('/admin/support-applications', { token: 'admin-token' });
    const review = await openReview();
    await user.click(within(review).getByRole('button', { name: 'Approve' }));
    const text = await screen.findByText(/Approve this application\?/);
    await user.click(within(text.closest('.adm-dialog-body') as HTMLElement).getByRole('button', { name: 'Approve' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === supportConsoleEndpoints.review)?.body).toEqual({
        id: 2,
        status: 1,
        reason: '',
      });
    });
    // Approved: the way to publish an event appears.
    expect(await within(review).findByRole('button', { name: 'Publish a support event' })).toBeInTheDocument();
  });

  it('publishes an event with items for an approved application, checking the items first', async () => {
    const calls = stub(APPROVED, (call) =>
      call.endpoint === supportConsoleEndpoints.eventCreate ? { ...EVENT, id: 8 } : undefined,
    );
    renderApp('/admin/support-applications', { token: 'admin-token' });
    const review = await openReview();
    await user.click(within(review).getByRole('button', { name: 'Publish a support event' }));
    const form = await screen.findByRole('form', { name: 'New event for Huangpu Cat Haven' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Huangpu Cat Haven');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Please enter the name of the item')).toBeInTheDocument();
    expect(within(form).getByText('Please enter the price per point in coins (1 to 100000)')).toBeInTheDocument();
    expect(within(form).getByText('Please enter the target points (1 to 1000000)')).toBeInTheDocument();
    expect(calls.some((c) => c.endpoint === supportConsoleEndpoints.eventCreate)).toBe(false);

    await user.type(within(form).getByLabelText('Item of item 1'), 'Dry food');
    await user.type(within(form).getByLabelText('Coins per point of item 1'), '30');
    await user.type(within(form).getByLabelText('One point gives of item 1'), '1 kg of cat food');
    await user.type(within(form).getByLabelText('Target points of item 1'), '100');
    await user.click(within(form).getByRole('button', { name: 'Add an item' }));
    await user.type(within(form).getByLabelText('Item of item 2'), 'Deworming');
    await user.type(within(form).getByLabelText('Coins per point of item 2'), '50');
    await user.type(within(form).getByLabelText('Target points of item 2'), '20');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === supportConsoleEndpoints.eventCreate)?.body).toEqual({
        application_id: 2,
        title: 'Huangpu Cat Haven',
        description: '',
        cover: '',
        items: [
          { title: 'Dry food', price: 30, gift: '1 kg of cat food', target: 100 },
          { title: 'Deworming', price: 50, gift: '', target: 20 },
        ],
        text_lang: 'en',
        translations: {},
      });
    });
    // Back on the application: it now has an event.
    expect(await within(await screen.findByTestId('application-events')).findByText(/1 event published/)).toBeTruthy();
  });

  it('edits an event: texts, closing it, targets and new items; a given item’s price stays', async () => {
    const calls = stub(APPROVED, (call) => (call.endpoint === supportConsoleEndpoints.eventUpdate ? EVENT : undefined));
    renderApp('/admin/support-events', { token: 'admin-token' });
    const row = await screen.findByTestId('event-row-7', {}, SLOW);
    expect(row).toHaveTextContent('12 / 100');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Event #7' });
    expect(within(form).getByTestId('event-facts')).toHaveTextContent('360 coins (help-pay');
    // The existing item's price is shown, not editable; it cannot be removed.
    expect(within(form).queryByLabelText('Coins per point of item 1')).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Remove item 1' })).toBeNull();
    await user.clear(within(form).getByLabelText('Target points of item 1'));
    await user.type(within(form).getByLabelText('Target points of item 1'), '150');
    await user.click(within(form).getByRole('switch'));
    await user.click(within(form).getByRole('button', { name: 'Add an item' }));
    await user.type(within(form).getByLabelText('Item of item 2'), 'Vaccines');
    await user.type(within(form).getByLabelText('Coins per point of item 2'), '80');
    await user.type(within(form).getByLabelText('Target points of item 2'), '42');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === supportConsoleEndpoints.eventUpdate)?.body).toEqual({
        id: 7,
        title: 'Winter food for the Bund cats',
        description: 'Dry food for the winter.',
        cover: '',
        status: 'closed',
        items: [
          { id: 31, title: 'Dry food', price: 30, gift: '1 kg of cat food', target: 150 },
          { title: 'Vaccines', price: 80, gift: '', target: 42 },
        ],
        text_lang: 'en',
        translations: {},
      });
    });
  });

  it('adds an event’s texts in other languages, and says which language the original is in (issue 29 §5)', async () => {
    const event = { ...EVENT, translations: { 'zh-CN': { title: '外滩猫咪的冬粮', description: '' } } };
    const calls = stubConsole((call) => {
      if (call.endpoint === supportConsoleEndpoints.events)
        return { list: [{ ...event, application_id: 2 }], total: 1, page: 1, limit: 10 };
      if (call.endpoint === supportConsoleEndpoints.event) return event;
      if (call.endpoint === supportConsoleEndpoints.eventUpdate) return event;
      return undefined;
    });
    renderApp('/admin/support-events', { token: 'admin-token' });
    const row = await screen.findByTestId('event-row-7', {}, SLOW);
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Event #7' });
    const block = within(form).getByTestId('event-translations');
    expect(within(block).getByLabelText('Written in')).toHaveValue('en');
    // The original's language has no tab: its texts are the fields above.
    const tabs = within(block).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['日本語', '简体中文', '繁體中文']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await user.type(within(block).getByLabelText('Title · 日本語'), '外灘の猫の冬ごはん');
    await user.type(within(block).getByLabelText('Description · 日本語'), '冬のドライフード。');
    await user.click(within(block).getByRole('tab', { name: '简体中文' }));
    expect(within(block).getByLabelText('Title · 简体中文')).toHaveValue('外滩猫咪的冬粮');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === supportConsoleEndpoints.eventUpdate)?.body).toMatchObject({
        id: 7,
        text_lang: 'en',
        translations: {
          ja: { title: '外灘の猫の冬ごはん', description: '冬のドライフード。' },
          'zh-CN': { title: '外滩猫咪的冬粮', description: '' },
        },
      });
    });
  });

  it('moves the original to another language: its tab goes, and a translation in it is not sent', async () => {
    const event = { ...EVENT, translations: { ja: { title: '冬', description: '' } } };
    const calls = stubConsole((call) => {
      if (call.endpoint === supportConsoleEndpoints.events)
        return { list: [{ ...event, application_id: 2 }], total: 1, page: 1, limit: 10 };
      if (call.endpoint === supportConsoleEndpoints.event || call.endpoint === supportConsoleEndpoints.eventUpdate)
        return event;
      return undefined;
    });
    renderApp('/admin/support-events', { token: 'admin-token' });
    await user.click(within(await screen.findByTestId('event-row-7', {}, SLOW)).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Event #7' });
    const block = within(form).getByTestId('event-translations');
    await user.selectOptions(within(block).getByLabelText('Written in'), 'ja');
    expect(
      within(block)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['English', '简体中文', '繁體中文']);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const body = calls.find((c) => c.endpoint === supportConsoleEndpoints.eventUpdate)?.body;
      expect(body).toMatchObject({ text_lang: 'ja', translations: {} });
    });
  });
});
