import { totalPages } from '@lintel/shared';
import {
  Alert,
  Breadcrumbs,
  Button,
  Center,
  Container,
  type ContainerProps,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Fragment, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/errorText';
import { guardAccess } from './AccessGuard';
import { DataTable, type DataTableColumn } from './DataTable';
import { PageLoader } from './PageLoader';
import { PagePicker } from './PagePicker';
import type { ListState } from './useListState';

/** One answer of a list: its rows and the paging headers. */
export interface ListPageData<T> {
  items: T[];
  total: number;
  perPage: number;
}

/** The parts of the list's TanStack query the page reads. */
export interface ListPageQuery<T> {
  data: ListPageData<T> | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface CommonProps<T, K extends string, F> {
  /** The page heading (h1); also the table's accessible name. */
  title: string;
  /** Trail before the title; the last item is the current page. */
  breadcrumbs?: ReactNode[];
  description?: ReactNode;
  /** Buttons beside the title (e.g. "Create …"). */
  actions?: ReactNode;
  /** The filter bar above the list (ListSearchInput, Select …). */
  filters?: ReactNode;
  list: ListState<K, F>;
  query: ListPageQuery<T>;
  /** Text (table) or a designed block (cards) for a list with no rows. */
  empty?: ReactNode;
  size?: ContainerProps['size'];
  /** Drawers and modals that belong to the page. */
  children?: ReactNode;
}

interface TableProps<T, K extends string> {
  columns: DataTableColumn<T, K>[];
  rowKey: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
  renderItems?: never;
  loading?: never;
}

interface ItemsProps<T> {
  /** Cards instead of a table: renders one page of rows; the pager follows when there is more than one page. */
  renderItems: (items: T[]) => ReactNode;
  /** What shows until the first answer (default: a spinner). */
  loading?: ReactNode;
  columns?: never;
  rowKey?: never;
  onRowClick?: never;
  rowLabel?: never;
}

export type ListPageProps<T, K extends string, F> = CommonProps<T, K, F> & (TableProps<T, K> | ItemsProps<T>);

/** "An error occurred" (spec 1 §8) with the reason in the user's language and a retry. */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      role="alert"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('components.dataTable.error')}
    >
      <Text size="sm">{errorText(t, error)}</Text>
      <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

/**
 * The page of a server-side list: breadcrumbs, title, filter bar, a table with sortable headers (or
 * cards) and the pager, with designed loading, empty and error states and the 403 page. Its state
 * (page, sort, filters) is the URL's, through `useListState`. A new list is three parts:
 *
 * ```tsx
 * const listOptions = { sortKeys: APP_SORT_KEYS, defaultSort: '-created_at', filters: { search: urlFilter.text() } } as const;
 * const list = useListState(listOptions);            // options at module level: stable
 * const query = useAdminApps(list.params);           // the area's query hook (queries.ts), keepPreviousData
 * return <ListPage title={…} list={list} query={query} columns={columns} rowKey={(app) => app.id} />;
 * ```
 */
export function ListPage<T, K extends string, F>(props: ListPageProps<T, K, F>) {
  const { t } = useTranslation();
  const {
    title,
    breadcrumbs,
    description,
    actions,
    filters,
    list,
    query,
    empty,
    size = 'xl',
    children,
  } = props;
  const { syncPaging } = list;
  const answer = query.isPlaceholderData ? undefined : query.data;

  // Only an answer to the current request tells the pages of these filters (not the previous page's).
  useEffect(() => {
    if (answer) syncPaging(answer.total, answer.perPage);
  }, [answer, syncPaging]);

  const denied = guardAccess(query.error);
  if (denied) return denied;

  // A retry in progress (the query's own, or the user's) shows loading, not the failure it may mend.
  const failed = query.error && !query.data && !query.isFetching ? query.error : undefined;
  let content: ReactNode;
  if (props.columns) {
    content = (
      <DataTable
        label={title}
        columns={props.columns}
        rows={query.data?.items}
        rowKey={props.rowKey}
        total={query.data?.total ?? 0}
        perPage={list.perPage}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortToggle={list.toggleSort}
        loading={query.isFetching}
        error={query.error ?? undefined}
        emptyText={empty}
        onRowClick={props.onRowClick}
        rowLabel={props.rowLabel}
      />
    );
  } else if (failed) {
    content = <ListError error={failed} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    content = props.loading ?? <PageLoader />;
  } else if (query.data.items.length === 0) {
    content = empty;
  } else {
    const pages = totalPages(query.data.total, query.data.perPage);
    content = (
      <Stack gap="lg" aria-busy={query.isFetching || undefined}>
        {props.renderItems(query.data.items)}
        {pages > 1 ? (
          <Center>
            <PagePicker page={list.page} pages={pages} onChange={list.setPage} />
          </Center>
        ) : null}
      </Stack>
    );
  }

  return (
    <Container size={size} py="md">
      {breadcrumbs?.length ? (
        <Breadcrumbs mb="xs" role="navigation" aria-label={t('common.breadcrumbs')}>
          {breadcrumbs.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the trail is fixed for a page.
            <Fragment key={index}>
              {typeof item === 'string' ? (
                <Text
                  size="sm"
                  c={index < breadcrumbs.length - 1 ? 'dimmed' : undefined}
                  aria-current={index === breadcrumbs.length - 1 ? 'page' : undefined}
                >
                  {item}
                </Text>
              ) : (
                item
              )}
            </Fragment>
          ))}
        </Breadcrumbs>
      ) : null}
      <Group justify="space-between" align="center" mb="lg" wrap="wrap">
        <div>
          <Title order={1}>{title}</Title>
          {description ? (
            <Text c="dimmed" mt={4}>
              {description}
            </Text>
          ) : null}
        </div>
        {actions}
      </Group>
      {filters ? (
        <Group mb="md" align="flex-end" wrap="wrap">
          {filters}
        </Group>
      ) : null}
      {content}
      {children}
    </Container>
  );
}
