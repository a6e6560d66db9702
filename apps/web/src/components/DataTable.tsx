import { sortDirection, totalPages } from '@lintel/shared';
import { Alert, Center, Group, Loader, ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/errorText';
import classes from './DataTable.module.css';
import { formatNumber } from './format';
import { PagePicker } from './PagePicker';

export interface DataTableColumn<T, K extends string = string> {
  /** Stable id of the column. */
  id: string;
  header: ReactNode;
  /** The server's sort key; a column without one is not sortable. */
  sortKey?: K;
  render: (row: T) => ReactNode;
  width?: number | string;
}

export interface DataTableProps<T, K extends string = string> {
  /** Accessible name of the table. */
  label: string;
  columns: DataTableColumn<T, K>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  total: number;
  perPage: number;
  page: number;
  onPageChange: (page: number) => void;
  /** The sort the rows are in (a default one included): the headers' aria-sort and icons show it. */
  sort: string | null;
  /** A click on a sortable header; the list's state decides the next sort (`useListState().toggleSort`). */
  onSortToggle: (key: K) => void;
  loading?: boolean;
  error?: unknown;
  emptyText?: ReactNode;
  onRowClick?: (row: T) => void;
  /** Accessible label of a clickable row, read when it has keyboard focus. */
  rowLabel?: (row: T) => string;
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A server-side table: sortable headers show the current sort and report clicks (the list state runs
 * the spec 1 §4 cycle), and the pager never offers a page outside 1..totalPages.
 */
export function DataTable<T, K extends string = string>({
  label,
  columns,
  rows,
  rowKey,
  total,
  perPage,
  page,
  onPageChange,
  sort,
  onSortToggle,
  loading = false,
  error,
  emptyText,
  onRowClick,
  rowLabel,
}: DataTableProps<T, K>) {
  const { t, i18n } = useTranslation();
  const pages = totalPages(total, perPage);
  // No rows yet while the first answer (or a retry of a failed call) is on its way: loading, never an error
  // or "0–0 of 0" for a call that may still succeed.
  const pending = rows === undefined && loading;
  const showError = Boolean(error) && !pending;
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);

  const header = columns.map((column) => {
    if (!column.sortKey) {
      return (
        <Table.Th key={column.id} style={{ width: column.width }} scope="col">
          {column.header}
        </Table.Th>
      );
    }
    const sortKey = column.sortKey;
    const direction = sortDirection(sort, sortKey);
    const Icon =
      direction === 'asc' ? IconSortAscending : direction === 'desc' ? IconSortDescending : IconArrowsSort;
    return (
      <Table.Th
        key={column.id}
        style={{ width: column.width }}
        scope="col"
        aria-sort={direction ? ariaSort[direction] : 'none'}
      >
        <UnstyledButton className={classes.sortButton} onClick={() => onSortToggle(sortKey)}>
          <Group gap={4} wrap="nowrap">
            <Text fw={700} fz="sm" span>
              {column.header}
            </Text>
            <Icon size={14} aria-hidden stroke={1.6} />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  });

  let body: ReactNode;
  if (showError) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Alert color="red" role="alert" title={t('components.dataTable.error')} variant="light">
            {errorText(t, error)}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (!rows) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Center py="lg">
            <Loader size="sm" role="status" aria-label={t('common.loading')} />
          </Center>
        </Table.Td>
      </Table.Tr>
    );
  } else if (rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Text ta="center" c="dimmed" py="lg">
            {emptyText ?? t('components.dataTable.empty')}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => {
      const open = onRowClick ? () => onRowClick(row) : undefined;
      const onKeyDown = open
        ? (event: KeyboardEvent<HTMLTableRowElement>) => {
            if (event.target !== event.currentTarget) return;
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              open();
            }
          }
        : undefined;
      return (
        <Table.Tr
          key={rowKey(row)}
          className={open ? classes.clickableRow : undefined}
          onClick={open}
          onKeyDown={onKeyDown}
          tabIndex={open ? 0 : undefined}
          aria-label={open && rowLabel ? rowLabel(row) : undefined}
        >
          {columns.map((column) => (
            <Table.Td key={column.id}>{column.render(row)}</Table.Td>
          ))}
        </Table.Tr>
      );
    });
  }

  return (
    <div className={classes.root} aria-busy={loading || undefined}>
      <ScrollArea type="auto">
        <Table aria-label={label} highlightOnHover={Boolean(onRowClick)} verticalSpacing="sm" miw={640}>
          <Table.Thead>
            <Table.Tr>{header}</Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: loading && rows ? 0.6 : 1 }}>{body}</Table.Tbody>
        </Table>
      </ScrollArea>
      <Group justify="space-between" mt="md" wrap="wrap">
        <Text fz="sm" c="dimmed" aria-live="polite">
          {rows && !showError
            ? t('components.dataTable.range', {
                first: formatNumber(first, i18n.language),
                last: formatNumber(last, i18n.language),
                total: formatNumber(total, i18n.language),
              })
            : null}
        </Text>
        {rows && !showError ? (
          <PagePicker page={page} pages={pages} onChange={onPageChange} size="sm" />
        ) : null}
      </Group>
    </div>
  );
}
