import { act, screen, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, renderWithProviders } from '../test/render';
import { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';
import { urlFilter, useListState } from './useListState';

interface Row {
  id: number;
  name: string;
}

const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', sortKey: 'name', render: (row) => row.name },
  { id: 'id', header: 'Id', render: (row) => row.id },
];

/** A table of no rows on page 1 of 10-row pages, unsorted; override any prop. */
function tableProps(overrides: Partial<DataTableProps<Row>> = {}): DataTableProps<Row> {
  return {
    label: 'Rows',
    columns,
    rows: [],
    rowKey: (row) => row.id,
    total: 0,
    perPage: 10,
    page: 1,
    onPageChange: vi.fn(),
    sort: null,
    onSortToggle: vi.fn(),
    ...overrides,
  };
}

interface Request {
  page: number;
  perPage: number;
  sort: string | null;
  search: string;
}

/** Renders the harness as the page at `/` of a memory router (its state lives in the URL). */
function renderHarness(props: { total: number; requests: Request[]; serverPerPage?: number }) {
  return renderRoutes([{ path: '/', element: <Harness {...props} /> }], '/');
}

/** A page that lists `total` rows through a fake server, recording every request. */
function Harness({
  total,
  requests,
  serverPerPage,
}: {
  total: number;
  requests: Request[];
  serverPerPage?: number;
}) {
  const list = useListState({ sortKeys: ['name'], filters: { search: urlFilter.text() }, perPage: 10 });
  const [data, setData] = useState<{ items: Row[]; total: number; perPage: number }>();
  const { page, perPage, sort, filters, syncPaging } = list;

  useEffect(() => {
    requests.push({ page, perPage, sort, search: filters.search });
    const size = serverPerPage ?? perPage;
    const start = (page - 1) * size;
    const items = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, index) => ({
      id: start + index + 1,
      name: `Row ${start + index + 1}`,
    }));
    setData({ items, total, perPage: size });
  }, [page, perPage, sort, filters.search, total, requests, serverPerPage]);

  useEffect(() => {
    if (data) syncPaging(data.total, data.perPage);
  }, [data, syncPaging]);

  return (
    <>
      <button type="button" onClick={() => list.setFilter('search', 'abc')}>
        filter
      </button>
      <button type="button" onClick={() => list.setPage(99)}>
        jump
      </button>
      <DataTable
        label="Rows"
        columns={columns}
        rows={data?.items}
        rowKey={(row) => row.id}
        total={data?.total ?? 0}
        perPage={list.perPage}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortToggle={list.toggleSort}
      />
    </>
  );
}

function nameHeader() {
  return screen.getByRole('columnheader', { name: /name/i });
}

describe('DataTable', () => {
  it('shows the sort on the headers and reports a click with the column key', async () => {
    const onSortToggle = vi.fn();
    const props = tableProps({ rows: [{ id: 1, name: 'a' }], total: 1, onSortToggle });
    const { user, rerender } = renderWithProviders(<DataTable {...props} sort={null} />);
    expect(nameHeader()).toHaveAttribute('aria-sort', 'none');
    await user.click(within(nameHeader()).getByRole('button'));
    expect(onSortToggle).toHaveBeenLastCalledWith('name');

    rerender(<DataTable {...props} sort="name" />);
    expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
    rerender(<DataTable {...props} sort="-name" />);
    expect(nameHeader()).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(nameHeader()).getByRole('button'));
    expect(onSortToggle).toHaveBeenCalledTimes(2);
    expect(onSortToggle).toHaveBeenLastCalledWith('name');
  });

  it('cycles a header ascending → descending → cleared through the list state', async () => {
    const requests: Request[] = [];
    const { user } = renderHarness({ total: 5, requests });
    const click = () => user.click(within(nameHeader()).getByRole('button'));
    await click();
    expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
    await click();
    expect(nameHeader()).toHaveAttribute('aria-sort', 'descending');
    await click();
    expect(nameHeader()).toHaveAttribute('aria-sort', 'none');
    expect(requests.map((request) => request.sort)).toEqual([null, 'name', '-name', null]);
  });

  it('has no sort button on a column without a sort key', () => {
    renderWithProviders(<DataTable {...tableProps()} />);
    const idHeader = screen.getByRole('columnheader', { name: 'Id' });
    expect(within(idHeader).queryByRole('button')).not.toBeInTheDocument();
    expect(idHeader).not.toHaveAttribute('aria-sort');
  });

  it('sorts with the keyboard (headers are buttons)', async () => {
    const requests: Request[] = [];
    const { user } = renderHarness({ total: 25, requests });
    within(nameHeader()).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
    await user.keyboard(' ');
    expect(nameHeader()).toHaveAttribute('aria-sort', 'descending');
    expect(requests.at(-1)).toMatchObject({ sort: '-name' });
  });

  it('pages within 1..totalPages and never requests a page outside', async () => {
    const requests: Request[] = [];
    const { user } = renderHarness({ total: 25, requests });
    expect(await screen.findByText('Row 1')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Row 21')).toBeInTheDocument();
    expect(screen.getByText('21–25 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'jump' }));
    expect(requests.map((request) => request.page)).toEqual([1, 3]);
    expect(requests.every((request) => request.page >= 1 && request.page <= 3)).toBe(true);
  });

  it('goes back to page 1 when the sort or a filter changes', async () => {
    const requests: Request[] = [];
    const { user } = renderHarness({ total: 45, requests });
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(requests.at(-1)).toMatchObject({ page: 4 });

    await user.click(within(nameHeader()).getByRole('button'));
    expect(requests.at(-1)).toMatchObject({ page: 1, sort: 'name' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(requests.at(-1)).toMatchObject({ page: 2, sort: 'name' });

    await user.click(screen.getByRole('button', { name: 'filter' }));
    expect(requests.at(-1)).toMatchObject({ page: 1, sort: 'name', search: 'abc' });
  });

  it("uses the server's per-page and shows a single page for an empty list", async () => {
    const requests: Request[] = [];
    renderHarness({ total: 0, requests, serverPerPage: 50 });
    expect(await screen.findByText('No results.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await act(async () => {});
    expect(requests.at(-1)).toMatchObject({ page: 1, perPage: 50 });
  });

  it('shows the loading and error states', () => {
    const base = tableProps();
    const { rerender } = renderWithProviders(<DataTable {...base} rows={undefined} />);
    expect(screen.getByLabelText('Loading...')).toBeInTheDocument();
    rerender(<DataTable {...base} rows={undefined} error={new Error('boom')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred');
  });

  it('opens a row with the mouse or the keyboard', async () => {
    const onRowClick = vi.fn();
    const { user } = renderWithProviders(
      <DataTable
        {...tableProps({ rows: [{ id: 7, name: 'Seven' }], total: 1 })}
        onRowClick={onRowClick}
        rowLabel={(row) => `Open ${row.name}`}
      />,
    );
    const row = screen.getByRole('row', { name: 'Open Seven' });
    await user.click(within(row).getByText('Seven'));
    expect(onRowClick).toHaveBeenCalledWith({ id: 7, name: 'Seven' });
    row.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });
});
