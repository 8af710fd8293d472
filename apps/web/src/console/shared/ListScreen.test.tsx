import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { adminConsoleEndpoints, type AdminUser } from '@petheart/contracts';
import { ApiContext } from '../../shared/api/ApiProvider';
import type { ApiClient } from '../../shared/api/client';
import { LanguageProvider, createI18n } from '../../shared/i18n';
import { checkedBy, useCheckedList, useConsoleList } from './console-list';
import { SearchBar, useSearchPaging } from './DataTable';
import { FilterBar, TextFilter, useFilters } from './filters';
import { ListScreen, useDetailDrawer } from './ListScreen';
import { stubPointerCapture } from './console-test-support';
import admin from '../../locales/en/admin.json';

const user = userEvent.setup({ pointerEventsCheck: 0 });

type Row = Pick<AdminUser, 'id' | 'nickname'>;
const ROWS: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, nickname: `User ${String(i + 1)}` }));

/** An API client whose list call answers a page of ROWS (filtered by keyword), or fails while `failing`. */
function fakeApi() {
  const state = { failing: false };
  const call = vi.fn((_endpoint: unknown, input: { page: number; limit: number; keyword?: string }) => {
    if (state.failing) return Promise.reject(new Error('offline'));
    const rows = ROWS.filter((r) => !input.keyword || r.nickname.endsWith(input.keyword));
    const list = rows.slice((input.page - 1) * input.limit, input.page * input.limit);
    return Promise.resolve({ list, total: rows.length, page: input.page, limit: input.limit });
  });
  return { state, call, client: { call } as unknown as ApiClient };
}

function renderWith(client: ApiClient, ui: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LanguageProvider i18n={createI18n('en', { admin: { en: admin, ja: {}, 'zh-CN': {}, 'zh-TW': {} } })}>
        <ApiContext value={client}>{ui}</ApiContext>
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

/** A searchable list whose rows open a drawer. */
function Users() {
  const paging = useSearchPaging();
  const drawer = useDetailDrawer<Row>(['users']);
  const list = useConsoleList({
    key: ['users', paging.keyword, paging.page],
    endpoint: adminConsoleEndpoints.list,
    paging,
    data: { keyword: paging.keyword },
  });
  return (
    <ListScreen
      title="Users"
      list={list}
      columns={['Name', '']}
      empty="No users"
      row={(u) => (
        <tr key={u.id} data-testid={`row-${String(u.id)}`}>
          <td>{u.nickname}</td>
          <td>
            <button
              type="button"
              onClick={() => {
                drawer.open(u);
              }}
            >
              Open
            </button>
          </td>
        </tr>
      )}
      drawer={drawer}
      detail={(u) => (
        <div data-testid="detail">
          {u.nickname}
          <button type="button" onClick={drawer.close}>
            Close
          </button>
        </div>
      )}
    >
      <SearchBar
        id="users-search"
        label="Search users"
        button="Search"
        onSearch={paging.search}
        total={list.data ? `${String(list.data.total)} users` : null}
      />
    </ListScreen>
  );
}

beforeAll(stubPointerCapture);

describe('the console list screen', () => {
  afterEach(cleanup);

  it('pages, searches (a blank keyword is no filter) and opens a row in the drawer', async () => {
    const api = fakeApi();
    renderWith(api.client, <Users />);
    expect(await screen.findByTestId('row-1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('12 users')).toBeInTheDocument();
    expect(api.call).toHaveBeenLastCalledWith(adminConsoleEndpoints.list, { page: 1, limit: 10 }, { silent: false });
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('row-11')).toBeInTheDocument();
    expect(screen.queryByTestId('row-1')).toBeNull();

    await user.type(screen.getByLabelText('Search users'), '2');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(api.call).toHaveBeenLastCalledWith(
        adminConsoleEndpoints.list,
        { page: 1, limit: 10, keyword: '2' },
        { silent: false },
      );
    });
    expect(await screen.findByText('2 users')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('row-12')).getByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('detail')).toHaveTextContent('User 12');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByTestId('detail')).toBeNull();
    });
  });

  it('shows the empty message, and a load failure with Retry', async () => {
    const api = fakeApi();
    api.state.failing = true;
    renderWith(api.client, <Users />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Retry');
    api.state.failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('row-1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(screen.getByLabelText('Search users'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users')).toBeInTheDocument();
  });
});

interface KeywordFilters {
  keyword: string;
}

/** A list input checked like money-forms' bodies: a keyword of one letter is refused. */
function keywordBody(f: KeywordFilters, page: number, limit: number) {
  const keyword = f.keyword.trim();
  return keyword.length === 1
    ? ({ ok: false, message: 'v.invalid' } as const)
    : ({ ok: true, body: { page, limit, ...(keyword ? { keyword } : {}) } } as const);
}

function CheckedUsers() {
  const filters = useFilters<KeywordFilters>({ keyword: '' }, checkedBy(keywordBody));
  const list = useCheckedList({
    key: (request) => ['checked-users', request],
    endpoint: adminConsoleEndpoints.list,
    filters,
    body: keywordBody,
  });
  return (
    <ListScreen
      title="Users"
      list={list}
      columns={['Name']}
      empty="No users"
      row={(u) => (
        <tr key={u.id} data-testid={`row-${String(u.id)}`}>
          <td>{u.nickname}</td>
        </tr>
      )}
    >
      <FilterBar filters={filters} total={list.data ? `${String(list.data.total)} users` : null}>
        <TextFilter label="Name ends with" {...filters.text('keyword')} />
      </FilterBar>
    </ListScreen>
  );
}

describe('a console list with checked filters', () => {
  afterEach(cleanup);

  it('lists what the applied filters build, and refuses a search they do not', async () => {
    const api = fakeApi();
    renderWith(api.client, <CheckedUsers />);
    expect(await screen.findByText('12 users')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name ends with'), '1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).not.toHaveTextContent('v.invalid');
    expect(api.call).toHaveBeenCalledTimes(1);

    await user.type(screen.getByLabelText('Name ends with'), '1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 users')).toBeInTheDocument();
    expect(api.call).toHaveBeenLastCalledWith(
      adminConsoleEndpoints.list,
      { page: 1, limit: 10, keyword: '11' },
      { silent: false },
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
