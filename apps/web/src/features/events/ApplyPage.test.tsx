import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MESSAGES,
  mapsEndpoints,
  supportEndpoints,
  type Locale,
  type MessageKey,
  type SupportApplyBody,
} from '@petheart/contracts';
import { renderApp } from '../../test-support/app';
import { Fail, SLOW, application, place, stubSupport } from './test/fixtures';

const APPLY = '/pages/beneficence/apply';

/** What an empty form says, field by field (the contracts' messages: the server's words). */
const EMPTY_FORM: MessageKey[] = [
  'v.shelterName',
  'v.supportApplicant',
  'v.mobile',
  'v.wechatNumber',
  'v.supportAnimals',
  'v.supportType',
  'v.supportLocation',
  'v.address',
];
const texts = (locale: Locale) => EMPTY_FORM.map((k) => MESSAGES[k][locale]);

const alerts = async () => (await screen.findAllByRole('alert')).map((a) => a.textContent);

describe('ApplyPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('needs a login', async () => {
    stubSupport({});
    const router = renderApp(APPLY);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    }, SLOW);
  });

  it('an empty form says what each field needs, and nothing is sent', async () => {
    const calls = stubSupport({});
    renderApp(APPLY, { token: 'tok' });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit application' }, SLOW));
    expect(await alerts()).toEqual([
      'Please enter the name of the shelter',
      'Please enter the applicant',
      'Please enter the mobile number',
      'Please enter the WeChat ID',
      'Please enter the number of animals (1 to 100000)',
      'Please select the type of support',
      'Please pick the address on the map',
      'Please enter the address',
    ]);
    expect(calls.some((c) => c.endpoint === supportEndpoints.apply)).toBe(false);
  });

  it.each(['ja', 'zh-CN', 'zh-TW'] as const)('the validation messages in %s', async (locale) => {
    stubSupport({});
    renderApp(APPLY, { token: 'tok', locale });
    const submit = await screen.findByRole(
      'button',
      { name: { ja: '申請する', 'zh-CN': '提交申请', 'zh-TW': '提交申請' }[locale] },
      SLOW,
    );
    await userEvent.click(submit);
    expect(await alerts()).toEqual(texts(locale));
  });

  it('checks the formats: mobile number, WeChat ID, number of animals', async () => {
    stubSupport({});
    renderApp(APPLY, { token: 'tok' });
    await userEvent.type(await screen.findByLabelText('Mobile number', {}, SLOW), '12ab');
    await userEvent.type(screen.getByLabelText('WeChat ID'), 'lin cats');
    await userEvent.type(screen.getByLabelText('Number of animals'), '0x');
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => {
      expect(screen.getByTestId('error-apply-mobile')).toHaveTextContent('Please enter a valid mobile number');
    });
    expect(screen.getByTestId('error-apply-wechat_number')).toHaveTextContent(
      'A WeChat ID has letters, digits, _ or - and no spaces',
    );
    expect(screen.getByTestId('error-apply-animal_nums')).toHaveTextContent(
      'Please enter the number of animals (1 to 100000)',
    );
    // Letters never reach the number of animals.
    expect(screen.getByLabelText('Number of animals')).toHaveValue('0');
  });

  it('picks the address through the maps service, submits, and shows the application as Pending', async () => {
    const state = { applications: [] as ReturnType<typeof application>[] };
    const calls = stubSupport(state, (c) => {
      if (c.endpoint === mapsEndpoints.suggestion) {
        return {
          list: [place('a', { title: '静安区', address: '上海市静安区' }), place('b')],
          count: 2,
          source: 'local',
        };
      }
      if (c.endpoint === supportEndpoints.apply) {
        const body = c.body as SupportApplyBody;
        const created = application(31, { ...body, application_type: 'Medical care' });
        state.applications = [created];
        return created;
      }
      return undefined;
    });
    const router = renderApp(APPLY, { token: 'tok' });
    await userEvent.type(await screen.findByLabelText('Shelter name', {}, SLOW), 'Jing’an Cat Home');
    await userEvent.type(screen.getByLabelText('Applicant'), 'Lin Xiao');
    await userEvent.type(screen.getByLabelText('Mobile number'), '13800138000');
    await userEvent.type(screen.getByLabelText('WeChat ID'), 'jingan_cats');
    await userEvent.type(screen.getByLabelText('Number of animals'), '42');
    await userEvent.click(screen.getByRole('radio', { name: 'Medical care' }));

    await userEvent.type(screen.getByLabelText("Search for the shelter's place"), 'jing');
    const option = await screen.findByRole('button', { name: /静安区/ });
    // Typing is debounced: one suggestion call for the whole word, around the user's location (Shanghai).
    const suggestions = calls.filter((c) => c.endpoint === mapsEndpoints.suggestion);
    expect(suggestions.map((c) => c.body)).toEqual([
      { keyword: 'jing', location: { latitude: 31.22337, longitude: 121.49295 } },
    ]);
    await userEvent.click(option);
    expect(screen.getByTestId('picked-place')).toHaveTextContent('Picked on the map: 静安区');
    expect(screen.getByLabelText('Address')).toHaveValue('上海市静安区');
    await userEvent.type(screen.getByLabelText('Address'), ' 愚园路 100 号');

    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => {
      expect(calls.some((c) => c.endpoint === supportEndpoints.apply)).toBe(true);
    });
    expect(calls.find((c) => c.endpoint === supportEndpoints.apply)?.body).toEqual({
      name: 'Jing’an Cat Home',
      applicant: 'Lin Xiao',
      mobile: '13800138000',
      wechat_number: 'jingan_cats',
      animal_nums: 42,
      application_type_id: 2,
      address: '上海市静安区 愚园路 100 号',
      latitude: 31.23,
      longitude: 121.45,
      description: '',
    });
    const row = await screen.findByTestId('application');
    expect(row).toHaveTextContent('Jing’an Cat Home');
    expect(within(row).getByTestId('application-status')).toHaveTextContent('Pending');
    expect(row).toHaveTextContent('Type: Medical care');
    expect(new URLSearchParams(router.state.location.search).get('view')).toBe('mine');
    expect(screen.getByRole('tab', { name: 'My applications' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the maps service’s parameter errors where the user types', async () => {
    stubSupport({}, (c) =>
      c.endpoint === mapsEndpoints.suggestion
        ? new Fail(400, 'map_invalid_params', '请求参数信息有误keyword')
        : undefined,
    );
    renderApp(APPLY, { token: 'tok' });
    const search = await screen.findByLabelText("Search for the shelter's place", {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('map-error')).toHaveTextContent('Invalid request parameter: keyword');
    await userEvent.type(search, 'x');
    await waitFor(() => {
      expect(screen.getByTestId('map-error')).toHaveTextContent('请求参数信息有误keyword');
    });
  });

  it('my applications: Pending, Approved (with its event) and Rejected with the reason', async () => {
    stubSupport({
      applications: [
        application(3, { status: 2, reason: 'The address could not be verified.' }),
        application(2, { status: 1, event_ids: [9] }),
        application(1, { status: 0 }),
      ],
    });
    const router = renderApp(`${APPLY}?view=mine`, { token: 'tok' });
    const rows = await screen.findAllByTestId('application', {}, SLOW);
    expect(rows.map((r) => within(r).getByTestId('application-status').textContent)).toEqual([
      'Rejected',
      'Approved',
      'Pending',
    ]);
    expect(within(rows[0] as HTMLElement).getByTestId('application-reason')).toHaveTextContent(
      'Reason: The address could not be verified.',
    );
    expect(rows[2]).toHaveTextContent('We will review it soon.');
    await userEvent.click(within(rows[1] as HTMLElement).getByRole('link', { name: 'View the event' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?id=9');
    });
  });

  it('my applications in Chinese, and the empty state', async () => {
    stubSupport({ applications: [application(3, { status: 2, reason: '地址无法核实' })] });
    renderApp(`${APPLY}?view=mine`, { token: 'tok', locale: 'zh-CN' });
    const row = await screen.findByTestId('application', {}, SLOW);
    expect(row).toHaveTextContent('已驳回');
    expect(row).toHaveTextContent('原因：地址无法核实');
    vi.unstubAllGlobals();

    stubSupport({ applications: [] });
    renderApp(`${APPLY}?view=mine`, { token: 'tok' });
    expect(await screen.findByText('No applications yet', {}, SLOW)).toBeInTheDocument();
  });
});
