import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LanguageProvider, createI18n } from '../../shared/i18n';
import { DateRangeFilter, FilterBar, SelectFilter, TextFilter, ToolbarSelect, useFilters } from './filters';
import admin from '../../locales/en/admin.json';

const user = userEvent.setup();

interface Values {
  status: string;
  user: string;
  from: string;
  to: string;
}
const EMPTY: Values = { status: '', user: '', from: '', to: '' };

/** The filters of a search, and what it last applied. */
function Search({ onApplied }: { onApplied: (applied: Values, page: number) => void }) {
  const filters = useFilters(EMPTY, (f) => (f.from && f.to && f.from > f.to ? 'v.invalid' : undefined));
  onApplied(filters.applied, filters.page);
  return (
    <>
      <FilterBar filters={filters} total="3 found">
        <SelectFilter
          label="Status"
          anyLabel="Any status"
          {...filters.choice('status')}
          options={[
            { value: 'open', label: 'Open' },
            { value: 'closed', label: 'Closed' },
          ]}
        />
        <TextFilter label="User" {...filters.text('user')} wide />
        <DateRangeFilter labels={{ from: 'From', to: 'To' }} value={filters.draft} onChange={filters.set} />
      </FilterBar>
      <button
        type="button"
        onClick={() => {
          filters.setPage(3);
        }}
      >
        Page 3
      </button>
    </>
  );
}

function renderSearch() {
  const applied = vi.fn<(applied: Values, page: number) => void>();
  render(
    <LanguageProvider i18n={createI18n('en', { admin: { en: admin, ja: {}, 'zh-CN': {}, 'zh-TW': {} } })}>
      <Search onApplied={applied} />
    </LanguageProvider>,
  );
  return applied;
}

describe('the console filter bar', () => {
  afterEach(cleanup);

  it('applies a choice at once, typed text on Search, and starts again at page 1', async () => {
    const applied = renderSearch();
    const bar = await screen.findByRole('search');
    expect(within(bar).getByText('3 found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(applied).toHaveBeenLastCalledWith(EMPTY, 3);

    await user.selectOptions(screen.getByLabelText('Status'), 'closed');
    expect(applied).toHaveBeenLastCalledWith({ ...EMPTY, status: 'closed' }, 1);

    await user.type(screen.getByLabelText('User'), 'luna');
    expect(applied).toHaveBeenLastCalledWith({ ...EMPTY, status: 'closed' }, 1);
    await user.click(within(bar).getByRole('button', { name: 'Search' }));
    expect(applied).toHaveBeenLastCalledWith({ ...EMPTY, status: 'closed', user: 'luna' }, 1);

    await user.click(within(bar).getByRole('button', { name: 'Clear' }));
    expect(applied).toHaveBeenLastCalledWith(EMPTY, 1);
    expect(screen.getByLabelText('User')).toHaveValue('');
  });

  it('refuses a search its check does not pass, with the (translated) message', async () => {
    const applied = renderSearch();
    await screen.findByRole('search');
    await user.type(screen.getByLabelText('From'), '2025-02-01');
    await user.type(screen.getByLabelText('To'), '2025-01-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe('');
    expect(alert.textContent.startsWith('v.')).toBe(false);
    expect(applied).toHaveBeenLastCalledWith(EMPTY, 1);

    await user.clear(screen.getByLabelText('To'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(applied).toHaveBeenLastCalledWith({ ...EMPTY, from: '2025-02-01' }, 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a choice in a search toolbar', () => {
  afterEach(cleanup);

  it('is labelled for screen readers and offers "all" first', async () => {
    const onChange = vi.fn<(value: string) => void>();
    render(
      <ToolbarSelect
        id="base"
        label="Base"
        anyLabel="All bases"
        value=""
        onChange={onChange}
        options={[{ value: '7', label: 'Bund Station' }]}
      />,
    );
    const select = screen.getByLabelText('Base');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All bases', 'Bund Station']);
    await user.selectOptions(select, '7');
    expect(onChange).toHaveBeenCalledWith('7');
  });
});
