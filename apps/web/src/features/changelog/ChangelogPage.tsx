import {
  CHANGELOG_DEFAULT_PER_PAGE,
  CHANGELOG_TYPES,
  type ChangelogType,
  isChangelogStaff,
  totalPages,
} from '@lintel/shared';
import { Alert, Center, Checkbox, Container, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearchInput } from '../../components/ListSearchInput';
import { PagePicker } from '../../components/PagePicker';
import { urlFilter, useListState } from '../../components/useListState';
import { useCurrentUser } from '../auth/queries';
import { ChangelogEntryCard } from './ChangelogEntryCard';
import { ChangelogTypeGuide } from './ChangelogTypeGuide';
import { type ChangelogParams, useChangelog } from './queries';
import { TYPE_COLORS, typesFilter, URL_KEYS } from './types';

const listOptions = {
  perPage: CHANGELOG_DEFAULT_PER_PAGE,
  filters: {
    [URL_KEYS.types]: typesFilter(),
    [URL_KEYS.breaking]: urlFilter.flag(),
    [URL_KEYS.search]: urlFilter.text(),
    [URL_KEYS.branch]: urlFilter.text(),
  },
} as const;

/**
 * /changelog: the aggregated API changelog (spec 2 §2). Search (debounced 500 ms), type filters with
 * 'All Types' and 'Breaking (only)' on the left, the paged list, and what each type means on the right;
 * page, per_page and the filters live in the URL query under the API's own names.
 */
export function ChangelogPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const list = useListState(listOptions);
  const { filters, setFilter, syncPaging } = list;
  const types = filters[URL_KEYS.types];
  const breaking = filters[URL_KEYS.breaking];
  const search = filters[URL_KEYS.search];
  const branch = filters[URL_KEYS.branch];

  const params = useMemo<ChangelogParams>(
    () => ({ page: list.page, perPage: list.perPage, types, breaking, search, branch }),
    [list.page, list.perPage, types, breaking, search, branch],
  );
  const query = useChangelog(params);
  const answer = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (answer) syncPaging(answer.total, answer.perPage);
  }, [answer, syncPaging]);

  // The boxes show a click at once; the URL (a navigation in a transition) catches up a moment later.
  const [clicked, setClicked] = useState<{ types: ChangelogType[]; breaking: boolean } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL's new filters end the optimistic state.
  useEffect(() => setClicked(null), [types, breaking]);
  const shownTypes = clicked?.types ?? types;
  const shownBreaking = clicked?.breaking ?? breaking;
  const setTypes = (next: ChangelogType[]) => {
    setClicked({ types: next, breaking: shownBreaking });
    setFilter(URL_KEYS.types, next);
  };
  const setBreaking = (next: boolean) => {
    setClicked({ types: shownTypes, breaking: next });
    setFilter(URL_KEYS.breaking, next);
  };
  const toggleType = (type: ChangelogType, checked: boolean) =>
    setTypes(checked ? [...shownTypes, type] : shownTypes.filter((selected) => selected !== type));

  let content: ReactNode;
  if (!query.data) {
    content = (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (query.data.items.length === 0) {
    content = (
      <Text c="dimmed" py="lg">
        {t('changelog.empty')}
      </Text>
    );
  } else {
    const pages = totalPages(query.data.total, query.data.perPage);
    content = (
      <Stack gap="md" aria-busy={query.isFetching || undefined}>
        {query.data.items.map((entry) => (
          <ChangelogEntryCard key={entry.id} entry={entry} />
        ))}
        {pages > 1 ? (
          <Center>
            <PagePicker page={list.page} pages={pages} onChange={list.setPage} />
          </Center>
        ) : null}
      </Stack>
    );
  }

  return (
    <Container size="xl" py="md">
      <Title order={1}>{t('changelog.title')}</Title>
      <Text c="dimmed" mt={4} mb="lg">
        {t('changelog.description')}
      </Text>
      {branch && isChangelogStaff(user) ? (
        <Alert color="blue" mb="md">
          {t('changelog.branch', { branch })}
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 1, md: 1 }}>
          <Stack component="fieldset" gap="xs" m={0} p={0} style={{ border: 0 }}>
            <Text component="legend" fw={600} mb="xs">
              {t('changelog.filters.legend')}
            </Text>
            <Checkbox
              label={t('changelog.filters.allTypes')}
              checked={shownTypes.length === 0}
              onChange={() => setTypes([])}
            />
            {CHANGELOG_TYPES.map((type) => (
              <Checkbox
                key={type}
                label={t(`changelog.types.${type}`)}
                color={TYPE_COLORS[type]}
                checked={shownTypes.includes(type)}
                onChange={(event) => toggleType(type, event.currentTarget.checked)}
              />
            ))}
            <Checkbox
              mt="sm"
              label={t('changelog.filters.breakingOnly')}
              color="red"
              checked={shownBreaking}
              onChange={(event) => setBreaking(event.currentTarget.checked)}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: 2 }}>
          <Stack gap="md">
            <ListSearchInput
              label={t('changelog.search.label')}
              placeholder={t('changelog.search.placeholder')}
              value={search}
              onChange={(value) => setFilter(URL_KEYS.search, value, { replace: true })}
            />
            {query.data ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('changelog.results', { count: query.data.total })}
              </Text>
            ) : null}
            {content}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 3, md: 3 }}>
          <ChangelogTypeGuide />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

export default ChangelogPage;
