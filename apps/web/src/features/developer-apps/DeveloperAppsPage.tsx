import { totalPages } from '@lintel/shared';
import {
  Button,
  Card,
  Center,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconApps, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagePicker } from '../../components/PagePicker';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { AppAvatar, RoleBadge, SandboxStatusBadge } from './AppBadges';
import { CreateAppModal } from './CreateAppModal';
import { APPS_PER_PAGE, appPath } from './constants';
import classes from './DeveloperApps.module.css';
import { useDeveloperApps } from './queries';

/** /developer_apps: the apps the user owns or collaborates on, newest first (spec 2 §2). */
export function DeveloperAppsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [creating, createModal] = useDisclosure(false);
  const query = useDeveloperApps({ page, perPage: APPS_PER_PAGE });
  const pages = query.data ? totalPages(query.data.total, query.data.perPage) : 1;

  useEffect(() => {
    if (query.data && page > pages) setPage(pages);
  }, [query.data, page, pages]);

  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
      {t('developerApps.list.create')}
    </Button>
  );

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} role="status" aria-label={t('common.loading')}>
        {[1, 2, 3].map((key) => (
          <Skeleton key={key} height={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (query.isError) {
    content = <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data.items.length === 0) {
    content = (
      <Card withBorder padding="xl" radius="md">
        <Center>
          <Stack align="center" gap="xs" ta="center" maw={420}>
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconApps size={30} />
            </ThemeIcon>
            <Text fw={600} size="lg">
              {t('developerApps.list.empty.title')}
            </Text>
            <Text c="dimmed">{t('developerApps.list.empty.description')}</Text>
            <Group mt="sm">{createButton}</Group>
          </Stack>
        </Center>
      </Card>
    );
  } else {
    content = (
      <Stack gap="lg" aria-busy={query.isFetching || undefined}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" component="ul" className={classes.list}>
          {query.data.items.map((app) => (
            <li key={app.id}>
              <Card
                withBorder
                padding="lg"
                radius="md"
                component={Link}
                to={appPath(app.id)}
                className={classes.appCard}
                aria-label={app.internal_name}
              >
                <Group wrap="nowrap" align="flex-start">
                  <AppAvatar name={app.internal_name} thumbnailUrl={app.thumbnail_url} />
                  <Stack gap={4} miw={0}>
                    <Text fw={600} truncate>
                      {app.internal_name}
                    </Text>
                    {app.name && app.name !== app.internal_name ? (
                      <Text size="sm" c="dimmed" truncate>
                        {app.name}
                      </Text>
                    ) : null}
                    <Group gap="xs" mt={4}>
                      <RoleBadge role={app.current_user_role} />
                      <SandboxStatusBadge status={app.sandbox_status} />
                    </Group>
                  </Stack>
                </Group>
              </Card>
            </li>
          ))}
        </SimpleGrid>
        {pages > 1 ? (
          <Center>
            <PagePicker page={page} pages={pages} onChange={setPage} />
          </Center>
        ) : null}
      </Stack>
    );
  }

  return (
    <Container size={1200} py="md">
      <Group justify="space-between" mb="lg" wrap="wrap">
        <div>
          <Title order={1}>{t('developerApps.list.title')}</Title>
          <Text c="dimmed" mt={4}>
            {t('developerApps.list.subtitle')}
          </Text>
        </div>
        {query.data && query.data.items.length > 0 ? createButton : null}
      </Group>
      {content}
      <CreateAppModal opened={creating} onClose={createModal.close} />
    </Container>
  );
}

export default DeveloperAppsPage;
