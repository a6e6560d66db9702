import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconApps, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../components/ListPage';
import { useListState } from '../../components/useListState';
import { AppAvatar, RoleBadge, SandboxStatusBadge } from './AppBadges';
import { CreateAppModal } from './CreateAppModal';
import { APPS_PER_PAGE, appPath } from './constants';
import classes from './DeveloperApps.module.css';
import { useDeveloperApps } from './queries';

const listOptions = { perPage: APPS_PER_PAGE };

/** /developer_apps: the apps the user owns or collaborates on, newest first (spec 2 §2). */
export function DeveloperAppsPage() {
  const { t } = useTranslation();
  const [creating, createModal] = useDisclosure(false);
  const list = useListState(listOptions);
  const query = useDeveloperApps({ page: list.page, perPage: list.perPage });

  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
      {t('developerApps.list.create')}
    </Button>
  );

  return (
    <ListPage
      title={t('developerApps.list.title')}
      description={t('developerApps.list.subtitle')}
      actions={query.data && query.data.items.length > 0 ? createButton : null}
      size={1200}
      list={list}
      query={query}
      loading={
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} role="status" aria-label={t('common.loading')}>
          {[1, 2, 3].map((key) => (
            <Skeleton key={key} height={96} radius="md" />
          ))}
        </SimpleGrid>
      }
      empty={
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
      }
      renderItems={(apps) => (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" component="ul" className={classes.list}>
          {apps.map((app) => (
            <li key={app.id}>
              <Card
                withBorder
                padding="lg"
                radius="md"
                component={Link}
                to={appPath(app.id)}
                className={classes.appCard}
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
                      {app.live ? (
                        <Badge color="green" title={t('developerApps.list.liveHint')}>
                          {t('developerApps.list.live')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Stack>
                </Group>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      )}
    >
      <CreateAppModal opened={creating} onClose={createModal.close} />
    </ListPage>
  );
}

export default DeveloperAppsPage;
