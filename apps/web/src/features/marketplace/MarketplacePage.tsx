import type { MarketplaceAppListing } from '@lintel/shared';
import { Anchor, Avatar, Badge, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../components/ListPage';
import { ListSearchInput } from '../../components/ListSearchInput';
import { type FilterCodec, urlFilter, useListState } from '../../components/useListState';
import { MARKETPLACE_SORT_KEYS, useMarketplaceApps, useMarketplaceCategories } from './queries';

/** One category id in the URL (`?category_id=3`), or none. */
const categoryFilter: FilterCodec<number | null> = {
  initial: null,
  parse: (values) => {
    const value = Number(values[0]);
    return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
  },
  format: (value) => (value === null ? [] : [String(value)]),
};

const listOptions = {
  sortKeys: MARKETPLACE_SORT_KEYS,
  defaultSort: 'public_name',
  perPage: 24,
  filters: { search: urlFilter.text(), category_id: categoryFilter },
} as const;

/** /marketplace: the public marketplace (no sign-in): published listings, search and category, paged. */
export function MarketplacePage() {
  const { t } = useTranslation();
  const list = useListState(listOptions);
  const query = useMarketplaceApps(list.params);
  const categories = useMarketplaceCategories();
  const { setFilter } = list;

  return (
    <ListPage
      title={t('metrics.marketplace.list.title')}
      description={t('metrics.marketplace.list.description')}
      filters={
        <>
          <ListSearchInput
            label={t('metrics.marketplace.list.search')}
            placeholder={t('metrics.marketplace.list.searchPlaceholder')}
            value={list.filters.search}
            onChange={(search) => setFilter('search', search, { replace: true })}
          />
          <Select
            label={t('metrics.marketplace.list.category')}
            placeholder={t('metrics.marketplace.list.allCategories')}
            data={(categories.data ?? []).map((category) => ({
              value: String(category.id),
              label: category.name,
            }))}
            value={list.filters.category_id === null ? null : String(list.filters.category_id)}
            onChange={(value) => setFilter('category_id', value ? Number(value) : null)}
            clearable
            searchable
            w={{ base: '100%', sm: 260 }}
          />
        </>
      }
      list={list}
      query={query}
      empty={t('metrics.marketplace.list.empty')}
      renderItems={(items) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((app) => (
            <ListingCard key={app.id} app={app} />
          ))}
        </SimpleGrid>
      )}
    />
  );
}

function ListingCard({ app }: { app: MarketplaceAppListing }) {
  const { t } = useTranslation();
  return (
    <Card component="li" withBorder padding="md" radius="md">
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={app.small_logo_url} alt="" radius="md" size="lg" color="indigo">
          {app.public_name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={4} miw={0}>
          <Anchor
            component={Link}
            to={`/marketplace/${app.id}`}
            fw={700}
            aria-label={t('metrics.marketplace.list.open', { name: app.public_name })}
          >
            {app.public_name}
          </Anchor>
          {app.built_by ? (
            <Text size="xs" c="dimmed">
              {t('metrics.marketplace.list.by', { name: app.built_by })}
            </Text>
          ) : null}
          {app.tagline ? (
            <Text size="sm" lineClamp={2}>
              {app.tagline}
            </Text>
          ) : null}
          <Group gap={4}>
            {app.categories.map((category) => (
              <Badge key={category.id} size="xs" variant="light">
                {category.name}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

export default MarketplacePage;
