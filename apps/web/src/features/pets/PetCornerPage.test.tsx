import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Pet, PetListData } from '@petheart/contracts';
import { petEndpoints } from '@petheart/contracts';
import { renderApp, stubApi } from '../../test-support/app';
import { positiveId } from './api';

const SLOW = { timeout: 5000 };
/** The sheet animates in (pointer-events: none meanwhile); a person would wait, the test need not. */
const user = userEvent.setup({ pointerEventsCheck: 0 });

beforeAll(() => {
  // antd-mobile's sheet listens for swipes (pointer capture), which jsdom does not implement.
  Object.assign(Element.prototype, {
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
    hasPointerCapture: () => false,
  });
});

const MIMI: Pet = {
  id: 1,
  name: 'Mimi',
  species: 'cat',
  photos: ['/uploads/mimi-1.jpg', '/uploads/mimi-2.jpg'],
  story: 'Found under the bridge in 2022.\nLoves the morning feed.',
  base: { id: 3, name: 'Bund Station' },
  live_device_id: 'PH-0001',
};
const RUSTY: Pet = {
  id: 2,
  name: 'Rusty',
  species: 'dog',
  photos: [],
  story: '',
  base: { id: 4, name: 'Houtong Village' },
  live_device_id: null,
};

const list = (rows: Pet[]): PetListData => ({ list: rows, total: rows.length, page: 1, limit: 10 });

describe('PetCornerPage (/pages/index/petCorner)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a card per animal and opens a profile that links to the base’s live room', async () => {
    const calls = stubApi(({ endpoint }) => (endpoint === petEndpoints.list ? list([MIMI, RUSTY]) : undefined));
    const router = renderApp('/pages/index/petCorner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pet Corner' }, SLOW)).toBeInTheDocument();
    const card = await screen.findByTestId('pet-card-1');
    expect(card).toHaveTextContent('Mimi');
    expect(card).toHaveTextContent('Cat');
    expect(card).toHaveTextContent('Bund Station');
    expect(screen.getByTestId('pet-card-2')).toHaveTextContent('RustyDogHoutong Village');
    expect(calls.find((c) => c.endpoint === petEndpoints.list)?.body).toEqual({ page: 1, limit: 10 });

    await user.click(card);
    const profile = await screen.findByTestId('pet-profile');
    expect(router.state.location.search).toBe('?id=1');
    expect(within(profile).getByRole('heading', { level: 2 })).toHaveTextContent('MimiCat');
    expect(
      within(profile).getByText(/Found under the bridge in 2022\.\s+Loves the morning feed\./),
    ).toBeInTheDocument();
    expect(within(profile).getAllByRole('img', { name: /Mimi, photo \d of 2/ })).toHaveLength(2);
    await user.click(within(profile).getByRole('button', { name: 'Watch live' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/live/live');
    });
    expect(router.state.location.search).toBe('?device_id=PH-0001');
  });

  it('an animal without a story or a live room says so; its base opens', async () => {
    stubApi(({ endpoint }) => (endpoint === petEndpoints.list ? list([RUSTY]) : undefined));
    const router = renderApp('/pages/index/petCorner?id=2');
    const profile = await screen.findByTestId('pet-profile', {}, SLOW);
    expect(within(profile).getByText('no introduction yet')).toBeInTheDocument();
    expect(within(profile).getByText('This base has no live room yet.')).toBeInTheDocument();
    expect(within(profile).queryByRole('button', { name: 'Watch live' })).toBeNull();
    await user.click(within(profile).getByRole('button', { name: /Visit Houtong Village/ }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/baseDetail/baseDetail');
    });
    expect(router.state.location.search).toBe('?id=4');
  });

  it('loads a shared animal that is not in the list, for one base', async () => {
    const calls = stubApi(({ endpoint }) =>
      endpoint === petEndpoints.list ? list([]) : endpoint === petEndpoints.detail ? MIMI : undefined,
    );
    renderApp('/pages/index/petCorner?base_id=3&id=1', { locale: 'ja' });
    const profile = await screen.findByTestId('pet-profile', {}, SLOW);
    expect(within(profile).getByRole('heading', { level: 2 })).toHaveTextContent('Mimi猫');
    expect(calls.find((c) => c.endpoint === petEndpoints.list)?.body).toEqual({ page: 1, limit: 10, base_id: 3 });
    expect(calls.find((c) => c.endpoint === petEndpoints.detail)?.body).toEqual({ id: 1 });
  });

  it('shows "no introduction yet" when no animal has been introduced, in Simplified Chinese', async () => {
    stubApi(({ endpoint }) => (endpoint === petEndpoints.list ? list([]) : undefined));
    renderApp('/pages/index/petCorner', { locale: 'zh-CN' });
    expect(await screen.findByText('暂无介绍', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '萌宠角' })).toBeInTheDocument();
  });

  it('reads only positive ids from the query', () => {
    expect(positiveId('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', 'x', '1.5']) expect(positiveId(bad)).toBeNull();
  });
});
